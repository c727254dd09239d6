// The whole calibrated path as a person runs it, against the local model server: batch a labelled
// set → calibrate → verify and batch with --calibration; and every way a calibration is refused.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calibrationSchema } from '../../lib/calibrate/calibration';
import { chatRequests, useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, jsonLines, runCli, useTempDir } from './run-cli';

const model = useModelServer();
const server = () => model.server;
const dir = useTempDir();
const data = join(dir, 'data');

// The scripted model: claims that name something "absent" are judged false; "(sure)" claims get a
// label probability of 0.99 and are always right, "(hedge)" claims 0.6 and are wrong half the time.
const SCRIPT = {
  logprobs: true,
  falseWhen: [{ match: 'absent', error_type: ['Object'] }],
  labelProbability: (claim: string) => (claim.includes('(sure)') ? 0.99 : 0.6),
};

/** 36 items × 10 claims: per item 6 sure and 4 hedged, half of each judged false; gold per the script above. */
function labelledItems() {
  return Array.from({ length: 36 }, (_, item) => {
    const claims = Array.from({ length: 10 }, (_, j) => `Item ${item} thing ${j} is ${j % 2 ? 'absent' : 'present'} ${j < 6 ? '(sure)' : '(hedge)'}.`);
    const labels = claims.map((claim, j) => {
      const modelSays = !claim.includes('absent');
      const wrong = claim.includes('(hedge)') && (item + j) % 2 === 0;
      return wrong ? !modelSays : modelSays;
    });
    return { id: `c${item}`, image: 'img/a.jpg', claims, labels };
  });
}

beforeAll(async () => {
  mkdirSync(join(data, 'img'), { recursive: true });
  writeFileSync(join(data, 'img/a.jpg'), await jpeg(320, 240));
  writeFileSync(join(data, 'items.jsonl'), `${labelledItems().map((i) => JSON.stringify(i)).join('\n')}\n`);
});
beforeEach(() => {
  server().reset();
  server().set(SCRIPT);
});

const cli = (args: string[]) => runCli(args);
const base = () => endpointArgs(server().baseUrl);

/** The labelled set's batch results and its calibration at alpha 0.2, made once per file and read by the tests below. */
let made: Promise<{ results: string; out: string; report: string }> | undefined;
function calibrated() {
  made ??= (async () => {
    const results = join(dir, 'results.jsonl');
    const batch = await cli(['batch', join(data, 'items.jsonl'), '--out', results, '--concurrency', '8', ...base()]);
    expect(batch.code).toBe(0);
    const out = join(dir, 'calibration.json');
    const run = await cli(['calibrate', '--input', join(data, 'items.jsonl'), '--results', results, '--alpha', '0.2', '--delta', '0.1', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return { results, out, report: run.stdout };
  })();
  return made;
}

describe('calibrate and --calibration', { timeout: CLI_TIMEOUT_MS * 3 }, () => {
  it('batch → calibrate → verify: sure verdicts are decided, hedged ones unsure, labels kept', async () => {
    const { out } = await calibrated();
    const calibration = calibrationSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(calibration).toMatchObject({ model: 'test-vlm', score_kind: 'logprob', alpha: 0.2, delta: 0.1, n_supported: 180, n_not_supported: 180 });
    expect(calibration.thresholds.supported).toBeCloseTo(0.99, 6);
    expect(calibration.thresholds.not_supported).toBeCloseTo(0.99, 6);
    expect(calibration.empirical.decided_share).toBeCloseTo(0.6, 6);
    expect(calibration.empirical.supported.error).toBe(0);

    const claims = join(dir, 'two.json');
    writeFileSync(claims, JSON.stringify(['A dog is present (sure).', 'A cat is absent (hedge).']));
    const json = await cli(['verify', '--image', join(data, 'img/a.jpg'), '--claims-file', claims, '--calibration', out, '--json', ...base()]);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as { claims: { label: boolean; decided: boolean; score: number }[]; score_kind: string };
    expect(result.score_kind).toBe('logprob');
    expect(result.claims.map((c) => [c.label, c.decided])).toEqual([
      [true, true],
      [false, false],
    ]);

    const table = await cli(['verify', '--image', join(data, 'img/a.jpg'), '--claims-file', claims, '--calibration', out, ...base()]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/✗ {2}false {2}A cat is absent \(hedge\)\. {2}\[Object\] {2}\(unsure — look yourself\)/);
    expect(table.stdout).not.toMatch(/present \(sure\)\.\s+\(unsure/);
    expect(table.stdout).toContain('1 of 2 claims decided at ≤ 20% error · 1 unsure');
  });

  it('prints the report: thresholds, share decided, error above, reliability bins, Brier score', async () => {
    const { report } = await calibrated();
    const run = { stdout: report };
    expect(run.stdout).toMatch(/Supported\s+180\s+0\.9900\s+60\.0%\s+0\.0%/);
    expect(run.stdout).toMatch(/Not supported\s+180\s+0\.9900\s+60\.0%\s+0\.0%/);
    // 0.6-scored claims: 144, right half the time; 0.99-scored: 216, all right.
    expect(run.stdout).toMatch(/0\.6–0\.7\s+144\s+0\.600\s+50\.0%/);
    expect(run.stdout).toMatch(/0\.9–1\.0\s+216\s+0\.990\s+100\.0%/);
    expect(run.stdout).toMatch(/Brier score: 0\.10\d\d/);
  });

  it('batch --calibration marks each claim and reports the share decided and the realised error against gold', async () => {
    const { out } = await calibrated();
    const results = join(dir, 'calibrated.jsonl');
    const run = await cli(['batch', join(data, 'items.jsonl'), '--out', results, '--calibration', out, '--concurrency', '8', ...base()]);
    expect(run.code).toBe(0);
    const lines = jsonLines(readFileSync(results, 'utf8')) as { claims: { text: string; decided: boolean }[] }[];
    for (const c of lines.flatMap((l) => l.claims)) expect(c.decided).toBe(c.text.includes('(sure)'));
    expect(run.stderr).toContain('Calibration: 216 of 360 claims decided at ≤ 20% error · 144 unsure (60.0%)');
    expect(run.stderr).toContain('Error among decided verdicts, against gold: 0.0% (0 of 216)');
  });

  it('scores by agreement among k samples where the endpoint gives no logprobs, and calibrates that kind', async () => {
    server().set({ logprobs: false, sampling: { seed: 3, flip: (claim) => (claim.includes('(sure)') ? 0 : 0.45) } });
    const results = join(dir, 'agreement.jsonl');
    const batch = await cli(['batch', join(data, 'items.jsonl'), '--out', results, '--samples', '5', '--concurrency', '8', ...base()]);
    expect(batch.code).toBe(0);
    const lines = jsonLines(readFileSync(results, 'utf8')) as { score_kind: string; claims: { text: string; score: number }[] }[];
    expect(new Set(lines.map((l) => l.score_kind))).toEqual(new Set(['agreement']));
    for (const c of lines.flatMap((l) => l.claims)) if (c.text.includes('(sure)')) expect(c.score).toBe(1);
    // One greedy request and one n = 5 request per item.
    expect(chatRequests(server())).toHaveLength(72);
    const out = join(dir, 'agreement.json');
    const run = await cli(['calibrate', '--input', join(data, 'items.jsonl'), '--results', results, '--alpha', '0.2', '--out', out]);
    expect(run.code).toBe(0);
    expect(calibrationSchema.parse(JSON.parse(readFileSync(out, 'utf8'))).score_kind).toBe('agreement');
  });

  it('exits 1 and names the claims needed when the labelled set is too small for the target', async () => {
    const { results } = await calibrated();
    const run = await cli(['calibrate', '--input', join(data, 'items.jsonl'), '--results', results, '--alpha', '0.01', '--delta', '0.05', '--out', join(dir, 'small.json')]);
    expect(run.code).toBe(1);
    // 0.99^n ≤ 0.025 needs n = 368; the first threshold keeps 10%: 3680 of one kind.
    expect(run.stderr).toMatch(/At least 3680 of one verdict kind are needed \(7360 labelled claims for both\)/);
  });

  it('refuses a calibration for another model before any request, and a broken file with what to do', async () => {
    const { out } = await calibrated();
    const claims = join(dir, 'one.json');
    writeFileSync(claims, JSON.stringify(['A dog is present (sure).']));
    server().reset();
    server().set({ ...SCRIPT, models: ['test-vlm', 'other-vlm'] });
    const other = await cli(['verify', '--image', join(data, 'img/a.jpg'), '--claims-file', claims, '--calibration', out, ...endpointArgs(server().baseUrl, 'other-vlm')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/calibration is for the model "test-vlm", not "other-vlm"/);
    expect(chatRequests(server())).toHaveLength(0);

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ version: 1, model: 'test-vlm' }));
    const bad = await cli(['batch', join(data, 'items.jsonl'), '--out', join(dir, 'x.jsonl'), '--calibration', broken, ...base()]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is not a calibration file .*Run caption-check calibrate again/);
  });

  it('refuses to mark verdicts whose score kind differs from the calibration, but still prints the labels', async () => {
    const { out } = await calibrated();
    server().set({ logprobs: false });
    const claims = join(dir, 'one-more.json');
    writeFileSync(claims, JSON.stringify(['A dog is present (sure).']));
    const run = await cli(['verify', '--image', join(data, 'img/a.jpg'), '--claims-file', claims, '--calibration', out, '--samples', '1', '--json', ...base()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/calibration needs logprob scores, but this check has none/);
    const result = JSON.parse(run.stdout) as { claims: { label: boolean; decided?: boolean }[] };
    expect(result.claims[0]!.label).toBe(true);
    expect(result.claims[0]!.decided).toBeUndefined();
  });
});
