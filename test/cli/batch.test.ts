// `caption-check batch` run in-process against the local model server: output lines, resume,
// gold-label metrics, failures; Ctrl-C sent to a child process.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatRequests, useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, jsonLines, runCli, spawnCli, useTempDir } from './run-cli';

// Logprobs on, so each check is one request scored by its label token (the agreement path has its own tests).
const model = useModelServer({ logprobs: true });
const server = () => model.server;
const dir = useTempDir();
// Inputs live in their own folder; images are named relative to it.
const data = join(dir, 'data');

beforeAll(async () => {
  mkdirSync(join(data, 'img'), { recursive: true });
  writeFileSync(join(data, 'img/a.jpg'), await jpeg(320, 240));
  writeFileSync(join(data, 'img/b.jpg'), await jpeg(240, 320));
});
beforeEach(() => server().reset());

let files = 0;
function writeInput(items: unknown[]): string {
  const path = join(data, `in-${++files}.jsonl`);
  writeFileSync(path, `${items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n')}\n`);
  return path;
}
function outPath(): string {
  return join(dir, `out-${++files}.jsonl`);
}
function batch(input: string, out: string, ...args: string[]) {
  return runCli(['batch', input, '--out', out, ...endpointArgs(server().baseUrl), ...args]);
}

const ITEMS = [
  { id: 'i1', image: 'img/a.jpg', claims: ['A dog on grass.'] },
  { id: 'i2', image: 'img/b.jpg', caption: 'A red kite flies over a beach.' },
  { id: 'i3', image: 'img/a.jpg', claims: ['A boat.', 'Two gulls.'] },
  { id: 'i4', image: 'img/b.jpg', claims: ['A lighthouse.'] },
];

describe('batch', { timeout: CLI_TIMEOUT_MS }, () => {
  it('writes one line per item with the verdicts, and a summary on stderr', async () => {
    server().set({ falseWhen: [{ match: 'gulls', error_type: ['Quantitative'] }] });
    const out = outPath();
    const run = await batch(writeInput(ITEMS), out, '--concurrency', '3');
    expect(run.code).toBe(0);
    const lines = jsonLines(readFileSync(out, 'utf8'));
    expect(lines.map((l) => l.id).sort()).toEqual(['i1', 'i2', 'i3', 'i4']);
    expect(lines.find((l) => l.id === 'i3')).toEqual({
      id: 'i3',
      claims: [
        { text: 'A boat.', label: true, reasoning: 'Consistent with the image.', error_type: [], score: expect.closeTo(Math.exp(-0.0123), 6) },
        { text: 'Two gulls.', label: false, reasoning: 'Not what the image shows.', error_type: ['Quantitative'], score: expect.closeTo(Math.exp(-0.0123), 6) },
      ],
      set_aside: [],
      model: 'test-vlm',
      score_kind: 'logprob',
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
      notes: [],
    });
    expect(run.stderr).toMatch(/4\/4 items/);
    expect(run.stderr).toMatch(/Done: 4 item\(s\) in the input · 4 checked · 0 failed/);
    expect(run.stderr).toMatch(/Claims: 5 checked · 0 without a verdict/);
  });

  it('--keep-all checks every piece of a caption, the set-aside ones too', async () => {
    const input = writeInput([{ id: 'k1', image: 'img/a.jpg', caption: 'A dog sits on a sofa. Let me know if you need more details!' }]);
    const plain = await batch(input, outPath());
    expect(plain.code).toBe(0);
    expect(chatRequests(server()).map((r) => r.claims)).toEqual([['A dog sits on a sofa.']]);
    server().reset();
    const out = outPath();
    const run = await batch(input, out, '--keep-all');
    expect(run.code).toBe(0);
    expect(chatRequests(server()).map((r) => r.claims)).toEqual([['A dog sits on a sofa.', 'Let me know if you need more details!']]);
    expect(jsonLines(readFileSync(out, 'utf8'))[0]).toMatchObject({ id: 'k1', set_aside: [] });
  });

  it('splits an item by its own "lang": another language than English sets nothing aside, and the line says why', async () => {
    const caption = 'A dog sits on a sofa. Let me know if you need more details!';
    const out = outPath();
    const run = await batch(writeInput([{ id: 'l1', image: 'img/a.jpg', caption, lang: 'de' }]), out);
    expect(run.code).toBe(0);
    expect(chatRequests(server()).map((r) => r.claims)).toEqual([['A dog sits on a sofa.', 'Let me know if you need more details!']]);
    const [line] = jsonLines(readFileSync(out, 'utf8'));
    expect(line).toMatchObject({ id: 'l1', set_aside: [] });
    expect(line!.notes).toEqual([expect.stringContaining('marked as another language (de)')]);
  });

  it('--resume skips the ids already written: no duplicates, no second request', async () => {
    const out = outPath();
    const first = await batch(writeInput(ITEMS.slice(0, 2)), out);
    expect(first.code).toBe(0);
    expect(chatRequests(server())).toHaveLength(2);
    server().reset();

    const second = await batch(writeInput(ITEMS), out, '--resume', '--concurrency', '2');
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/Resuming: 2 item\(s\) already in .*, 2 to go/);
    const ids = jsonLines(readFileSync(out, 'utf8')).map((l) => l.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(chatRequests(server()).map((r) => r.claims).sort()).toEqual([['A boat.', 'Two gulls.'], ['A lighthouse.']]);
  });

  it('computes accuracy and per-error-type precision/recall against gold labels', async () => {
    server().set({
      falseWhen: [
        { match: 'cat', error_type: ['Quantitative'] },
        { match: 'blue', error_type: ['Attribute'] },
      ],
    });
    // Worked by hand. Predicted: dog ✓, cats ✗Q, blue sofa ✗A, lamp ✓, cat ✗Q, blue car ✗A.
    // Gold:                      dog ✓, cats ✗Q, blue sofa ✓,  lamp ✗O, cat ✗QO, blue car ✗A.
    // Accuracy 4/6. False claims: tp 3 (cats, cat, blue car), fp 1 (blue sofa), fn 1 (lamp) → P 75%, R 75%.
    // Quantitative tp 2 → P 100%, R 100%. Attribute tp 1, fp 1 → P 50%, R 100%. Object fn 2 → P —, R 0%.
    const input = writeInput([
      {
        id: 'g1',
        image: 'img/a.jpg',
        claims: ['A dog.', 'Two cats.', 'A blue sofa.', 'A lamp.'],
        labels: [true, false, true, false],
        error_types: [[], ['Quantitative'], [], ['object']],
      },
      {
        id: 'g2',
        image: 'img/b.jpg',
        claims: ['A cat.', 'A blue car.'],
        gold: [
          { label: false, error_type: ['Quantitative', 'Object'] },
          { label: false, error_type: ['Attribute'] },
        ],
      },
    ]);
    const run = await batch(input, outPath());
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('6 of 6 labelled claims got a verdict · accuracy 66.7% (4/6)');
    expect(run.stderr).toContain('false claims found: precision 75.0% · recall 75.0% (tp 3, fp 1, fn 1)');
    const row = (type: string) => run.stderr.split('\n').find((l) => l.trim().startsWith(type))?.trim().split(/\s+/);
    expect(row('Quantitative')).toEqual(['Quantitative', '100.0%', '100.0%', '2', '0', '0']);
    expect(row('Attribute')).toEqual(['Attribute', '50.0%', '100.0%', '1', '1', '0']);
    expect(row('Object')).toEqual(['Object', '—', '0.0%', '0', '0', '2']);
  });

  it('writes an error line for an item that fails and reports malformed lines by number; exit 1', async () => {
    const input = writeInput([ITEMS[0], '{"id": "broken"', { id: 'm1', image: 'img/missing.jpg', claims: ['A dog.'] }, { id: 'i1', image: 'img/a.jpg', claims: ['Again.'] }]);
    const out = outPath();
    const run = await batch(input, out);
    expect(run.code).toBe(1);
    const lines = jsonLines(readFileSync(out, 'utf8'));
    expect(lines.map((l) => l.id).sort()).toEqual(['i1', 'm1']);
    expect(lines.find((l) => l.id === 'm1')).toEqual({ id: 'm1', error: { kind: 'image', message: expect.stringMatching(/missing\.jpg could not be read/) } });
    expect(run.stderr).toMatch(/line 2: not valid JSON/);
    expect(run.stderr).toMatch(/line 4: id "i1" repeats line 1/);
  });

  it('stops at the first endpoint-wide failure instead of failing every item', async () => {
    server().set({ apiKey: 'right-key' });
    const out = outPath();
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `k${i}`, image: 'img/a.jpg', claims: [`Claim ${i}.`] }));
    const run = await batch(writeInput(many), out, '--api-key', 'wrong', '--concurrency', '2');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Stopped: .*rejected the API key/);
    expect(readFileSync(out, 'utf8')).toBe('');
    expect(chatRequests(server()).length).toBeLessThanOrEqual(3);
  });

  it('Ctrl-C stops cleanly: written lines stay whole, and --resume finishes the rest', async () => {
    server().set({ pace: { tokensPerSecond: 100, firstTokenMs: 300 } }); // ~0.4 s per item
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, image: 'img/a.jpg', claims: [`Claim number ${i}.`] }));
    const input = writeInput(many);
    const out = outPath();
    // A real SIGINT to a real process: main's handler turns it into the command's stop signal.
    const run = await spawnCli(['batch', input, '--out', out, ...endpointArgs(server().baseUrl), '--concurrency', '1'], {
      timeoutMs: 80_000,
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 2) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 20);
        child.on('close', () => clearInterval(poll));
      },
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/Interrupted: .* not run/);
    expect(run.stderr).toMatch(/--resume to continue/);
    const written = jsonLines(readFileSync(out, 'utf8'));
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written.length).toBeLessThan(8);

    server().set({ pace: null });
    const resumed = await batch(input, out, '--resume');
    expect(resumed.code).toBe(0);
    const ids = jsonLines(readFileSync(out, 'utf8')).map((l) => l.id);
    expect(new Set(ids).size).toBe(8);
    expect(ids).toHaveLength(8);
  });

  it.each([
    [['batch'], /Missing the input file/],
    [['batch', 'in.jsonl'], /Missing --out/],
    [['batch', 'in.jsonl', '--out', 'o.jsonl', '--concurrency', '0'], /--concurrency needs a whole number from 1 to 64/],
    [['batch', 'in.jsonl', '--out', '/no/such/folder/o.jsonl'], /the folder does not exist/],
  ])('exits 2 on %j', async (args, message) => {
    const run = await runCli([...args, ...endpointArgs('http://127.0.0.1:1/v1')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
