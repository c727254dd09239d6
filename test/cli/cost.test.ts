// What `verify` and `batch` cost on an endpoint that sends no logprobs and ignores `n` (older Ollama
// builds, several gateways): one request per check unless --samples asks for an agreement score (then
// k + 1), or a calibration made with agreement scores needs one. Counted by the server, run in-process.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALIBRATION_SAMPLES } from '@/lib/settings';
import { PROMPT_VERSION } from '@/lib/verify/prompt';
import { sampleCalibration } from '../calibrate/fixture';
import { chatRequests, useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, jsonLines, runCli, useTempDir } from './run-cli';

const model = useModelServer();
const server = () => model.server;
const dir = useTempDir();
const data = join(dir, 'data');
const photo = join(data, 'a.jpg');

beforeAll(async () => {
  mkdirSync(data, { recursive: true });
  writeFileSync(photo, await jpeg(320, 240));
});
beforeEach(() => {
  server().reset();
  server().set({ honourN: false, sampling: { seed: 5, flip: () => 0.3 } });
});

const CLAIMS = ['A dog on grass.', 'A red ball.'];
let files = 0;
function claimsFile(): string {
  const path = join(dir, `claims-${++files}.json`);
  writeFileSync(path, JSON.stringify(CLAIMS));
  return path;
}
function verify(...args: string[]) {
  return runCli(['verify', '--image', photo, '--claims-file', claimsFile(), ...endpointArgs(server().baseUrl), ...args]);
}
function batch(count: number, ...args: string[]) {
  const input = join(data, `in-${++files}.jsonl`);
  const items = Array.from({ length: count }, (_, i) => ({ id: `i${i}`, image: 'a.jpg', claims: CLAIMS }));
  writeFileSync(input, `${items.map((item) => JSON.stringify(item)).join('\n')}\n`);
  const out = join(dir, `out-${files}.jsonl`);
  return { out, run: runCli(['batch', input, '--out', out, ...endpointArgs(server().baseUrl), ...args]) };
}

describe('the price of a CLI check without logprobs', { timeout: CLI_TIMEOUT_MS }, () => {
  it('verify: one request by default, unscored, with a quiet line saying how to get a score and its cost', async () => {
    const run = await verify();
    expect(run.code).toBe(0);
    expect(chatRequests(server())).toHaveLength(1);
    expect(run.stdout).toContain('Not scored: the endpoint gives no logprobs. --samples 3 scores by agreement, at up to 4 requests per check.');
    expect(run.stderr).toBe('');
    const json = await verify('--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ score_kind: null, claims: [{ score: null }, { score: null }] });
    expect(chatRequests(server())).toHaveLength(2);
  });

  it('verify --samples k: k + 1 requests, scored by agreement', async () => {
    const run = await verify('--samples', '3', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ score_kind: 'agreement' });
    expect(chatRequests(server())).toHaveLength(4);
  });

  it('batch: one request per item by default, and the summary counts them', async () => {
    const { out, run } = batch(4, '--concurrency', '2');
    const done = await run;
    expect(done.code).toBe(0);
    expect(chatRequests(server())).toHaveLength(4);
    expect(done.stderr).toMatch(/Claims: 8 checked · 0 without a verdict · \d+ \+ \d+ tokens · 4 requests/);
    expect(done.stderr).toContain('Not scored: 4 item(s); the endpoint gives no logprobs.');
    expect(jsonLines(readFileSync(out, 'utf8')).map((l) => l.score_kind)).toEqual([null, null, null, null]);
  });

  it('batch --samples 2: three requests per item, all counted in the summary', async () => {
    const { run } = batch(2, '--samples', '2');
    const done = await run;
    expect(chatRequests(server())).toHaveLength(6);
    expect(done.stderr).toMatch(/ · 6 requests/);
    expect(done.stderr).not.toContain('Not scored');
  });

  it('a calibration made with agreement scores asks for them without --samples; an explicit --samples is kept', async () => {
    const path = join(dir, 'agreement.json');
    const calibration = { ...sampleCalibration({ supported: 0.5, not_supported: 0.5 }), model: 'test-vlm', prompt_version: PROMPT_VERSION, score_kind: 'agreement' };
    writeFileSync(path, JSON.stringify(calibration));
    const run = await verify('--calibration', path, '--json');
    expect(JSON.parse(run.stdout)).toMatchObject({ score_kind: 'agreement' });
    expect(chatRequests(server())).toHaveLength(CALIBRATION_SAMPLES + 1);
    server().reset();
    const off = await verify('--calibration', path, '--samples', '1', '--json');
    expect(off.code).toBe(1);
    expect(chatRequests(server())).toHaveLength(1);
  });

  it.each(['verify', 'batch'])('%s --help says what a check costs', async (command) => {
    const help = await runCli([command, '--help']);
    expect(help.stdout).toContain('(default 1: no score,\n                         one request per check; k ≥ 2 costs up to k + 1 requests per check of up to 12 claims)');
    expect(help.stdout).toContain(`this calibration\n                         needs ${CALIBRATION_SAMPLES} extra answers per check (up to ${CALIBRATION_SAMPLES + 1} requests per check)`);
  });
});
