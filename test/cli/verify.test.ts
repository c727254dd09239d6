// `caption-check verify` against the local model server, over real HTTP: run in-process, and once as
// a child process for the exit code and stderr a shell sees.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REASONING } from '../server/behavior';
import { chatRequests, useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, png, runCli, spawnCli, startImageServer, useTempDir } from './run-cli';

// Logprobs on, so each check is one request scored by its label token (the agreement path has its own tests).
const model = useModelServer({ logprobs: true });
const server = () => model.server;
const dir = useTempDir();
const photo = join(dir, 'photo.jpg');
const CAPTION = 'A dog sits on a red sofa. Two cats sleep beside it, creating a serene atmosphere.';

beforeAll(async () => {
  writeFileSync(photo, await jpeg(640, 480));
});
beforeEach(() => server().reset());

function verify(...args: string[]) {
  return runCli(['verify', ...endpointArgs(server().baseUrl), ...args]);
}

describe('verify --json', { timeout: CLI_TIMEOUT_MS }, () => {
  it('prints exactly one JSON object with the claims, labels, error types, model and usage', async () => {
    server().set({
      falseWhen: [{ match: 'cats', error_type: ['Quantitative'], reasoning: 'There is one cat.' }],
      labelProbability: (claim) => (claim.includes('cats') ? 0.64 : 0.97),
    });
    const run = await verify('--image', photo, '--caption', CAPTION, '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      claims: [
        { text: 'A dog sits on a red sofa.', label: true, reasoning: 'Consistent with the image.', error_type: [], score: expect.closeTo(0.97, 6) },
        { text: 'Two cats sleep beside it', label: false, reasoning: 'There is one cat.', error_type: ['Quantitative'], score: expect.closeTo(0.64, 6) },
      ],
      set_aside: [{ text: 'creating a serene atmosphere.' }],
      model: 'test-vlm',
      score_kind: 'logprob',
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    });
    expect(chatRequests(server()).map((r) => r.claims)).toEqual([['A dog sits on a red sofa.', 'Two cats sleep beside it']]);
  });

  it('--keep-all checks the set-aside text too, in caption order, and sets nothing aside', async () => {
    const run = await verify('--image', photo, '--caption', CAPTION, '--json', '--keep-all');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { claims: { text: string }[]; set_aside: unknown[] };
    expect(result.set_aside).toEqual([]);
    expect(chatRequests(server()).map((r) => r.claims)).toEqual([['A dog sits on a red sofa.', 'Two cats sleep beside it', 'creating a serene atmosphere.']]);
  });

  it('checks the claims of a --claims-file as given', async () => {
    const file = join(dir, 'claims.json');
    writeFileSync(file, JSON.stringify(['There is a dog.', 'The sofa is blue.']));
    server().set({ falseWhen: [{ match: 'blue', error_type: ['Attribute'] }] });
    const run = await verify('--image', photo, '--claims-file', file, '--json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { claims: { text: string; label: boolean }[] };
    expect(result.claims.map((c) => [c.text, c.label])).toEqual([
      ['There is a dog.', true],
      ['The sofa is blue.', false],
    ]);
    expect(chatRequests(server())[0]?.claims).toEqual(['There is a dog.', 'The sofa is blue.']);
  });

  it('gives null for a claim the model never answered, and exits 1 with one line on stderr', async () => {
    // A model that never answers for the sofa, even when it is asked alone.
    server().set({ answerList: (claims) => claims.filter((c) => !c.includes('sofa')).map(() => ({ reasoning: DEFAULT_REASONING, label: true, error_type: [] })) });
    const run = await verify('--image', photo, '--claims-file', writeClaims(['A dog.', 'A sofa.']), '--json');
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { claims: { label: boolean | null; reasoning: string | null }[] };
    expect(result.claims.map((c) => c.label)).toEqual([true, null]);
    expect(result.claims[1]?.reasoning).toBeNull();
    expect(run.stderr.trim().split('\n')).toEqual(['caption-check: 1 of 2 claims got no verdict. Retry, or pass a stronger model with --model.']);
  });
});

function writeClaims(claims: string[]): string {
  const file = join(dir, `claims-${claims.length}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(claims));
  return file;
}

describe('verify as a table', { timeout: CLI_TIMEOUT_MS }, () => {
  it('shows ✓/✗, error types, reasoning, and the set-aside pieces as not checked', async () => {
    server().set({ falseWhen: [{ match: 'cats', error_type: ['Quantitative', 'Object'], reasoning: 'There is one cat.' }] });
    const run = await verify('--image', photo, '--caption', CAPTION);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✓  true   A dog sits on a red sofa.');
    expect(run.stdout).toContain('✗  false  Two cats sleep beside it  [Quantitative, Object]');
    expect(run.stdout).toContain('There is one cat.');
    expect(run.stdout).toMatch(/Not checked \(1 set aside.*\n\s+- "creating a serene atmosphere\."/);
    expect(run.stdout).toContain('2 claims: 1 true, 1 false · test-vlm');
  });

  it('--stream streams the request and prints every verdict', async () => {
    server().set({ pace: { tokensPerSecond: 2000, firstTokenMs: 20 } });
    const run = await verify('--image', photo, '--caption', 'A dog. A sofa. A lamp.', '--stream');
    expect(run.code).toBe(0);
    expect(run.stdout.match(/✓ {2}true/g)).toHaveLength(3);
    expect(chatRequests(server())[0]?.body).toMatchObject({ stream: true });
  });
});

describe('verify failures', { timeout: CLI_TIMEOUT_MS }, () => {
  it('exits 1 on a rejected key with one stderr line naming the flag, no stack trace', async () => {
    server().set({ apiKey: 'right-key' });
    // A process of its own: the exit code and the stderr (no stack trace) as a shell sees them.
    const run = await spawnCli(['verify', ...endpointArgs(server().baseUrl), '--image', photo, '--caption', CAPTION, '--api-key', 'wrong-key']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^caption-check: .*rejected the API key.*--api-key/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a rejected key as an error object on stdout with --json', async () => {
    server().set({ apiKey: 'right-key' });
    const run = await runCli(['verify', '--image', photo, '--caption', CAPTION, '--json'], {
      env: { OPENAI_BASE_URL: server().baseUrl, CAPTION_CHECK_MODEL: 'test-vlm', OPENAI_API_KEY: 'wrong-key' },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ error: { kind: 'auth', message: expect.stringContaining('OPENAI_API_KEY') } });
  });

  it('takes the endpoint from the environment, and flags win over it', async () => {
    const env = { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', CAPTION_CHECK_MODEL: 'no-such-model' };
    const run = await runCli(['verify', '--image', photo, '--caption', CAPTION, ...endpointArgs(server().baseUrl)], { env });
    expect(run.code).toBe(0);
  });

  it.each([
    ['an unknown flag', ['--image', 'x.jpg', '--caption', 'A dog.', '--colour'], /Unknown option --colour/],
    ['no --image', ['--caption', 'A dog.'], /Missing --image/],
    ['both --caption and --claims-file', ['--image', 'x.jpg', '--caption', 'A dog.', '--claims-file', 'c.json'], /exactly one of --caption/],
    ['neither --caption nor --claims-file', ['--image', 'x.jpg'], /exactly one of --caption/],
    ['a flag without its value', ['--image', 'x.jpg', '--caption', '--json'], /--caption needs a value/],
    ['--keep-all with a claim list', ['--image', 'x.jpg', '--claims-file', 'c.json', '--keep-all'], /--keep-all goes with --caption/],
    ['--lang with a claim list', ['--image', 'x.jpg', '--claims-file', 'c.json', '--lang', 'de'], /--lang goes with --caption/],
    ['a --lang that is no language tag', ['--image', 'x.jpg', '--caption', 'A dog.', '--lang', 'no such!'], /--lang needs a language tag such as de/],
  ])('exits 2 on %s, saying what to pass', async (_, args, message) => {
    const run = await verify(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['no model', ['--base-url', 'http://127.0.0.1:1/v1'], /--model <name> or set CAPTION_CHECK_MODEL/],
    ['no base URL', ['--model', 'test-vlm'], /--base-url <url> or set OPENAI_BASE_URL/],
  ])('exits 2 with %s', async (_, endpoint, message) => {
    const run = await runCli(['verify', '--image', photo, '--caption', 'A dog.', ...endpoint]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('exits 2 when --claims-file is not a JSON array of strings', async () => {
    const file = join(dir, 'bad-claims.json');
    writeFileSync(file, '{"claims": 3}');
    const run = await verify('--image', photo, '--claims-file', file);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/JSON array of claim strings/);
  });
});

describe('verify images', { timeout: CLI_TIMEOUT_MS }, () => {
  let images: Awaited<ReturnType<typeof startImageServer>>;
  beforeAll(async () => {
    images = await startImageServer({ '/pic.jpg': { body: await jpeg(800, 600), type: 'image/jpeg' } });
  });
  afterAll(() => images.close());

  it('downloads an http(s) image', async () => {
    const run = await verify('--image', `${images.origin}/pic.jpg`, '--caption', 'A dog.', '--json');
    expect(run.code).toBe(0);
    expect(images.hits).toContain('/pic.jpg');
    expect(chatRequests(server())[0]?.image).toMatchObject({ width: 800, height: 600, mimeType: 'image/jpeg' });
  });

  it('says so when the image URL answers 404, before any model request', async () => {
    const run = await verify('--image', `${images.origin}/gone.jpg`, '--caption', 'A dog.');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^caption-check: The image at .*gone\.jpg could not be downloaded \(HTTP 404\)/);
    expect(chatRequests(server())).toHaveLength(0);
  });

  it('sends a 4000×3000 photo at 1024×768 JPEG', async () => {
    const big = join(dir, 'big.jpg');
    writeFileSync(big, await jpeg(4000, 3000));
    const run = await verify('--image', big, '--caption', 'A dog.');
    expect(run.code).toBe(0);
    expect(chatRequests(server())[0]?.image).toMatchObject({ width: 1024, height: 768, mimeType: 'image/jpeg' });
  });

  it('turns a photo upright by its EXIF orientation before sizing', async () => {
    const rotated = join(dir, 'rotated.jpg');
    writeFileSync(rotated, await sharp(await jpeg(2000, 1500)).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    const run = await verify('--image', rotated, '--caption', 'A dog.');
    expect(run.code).toBe(0);
    expect(chatRequests(server())[0]?.image).toMatchObject({ width: 768, height: 1024 });
  });

  it('reads a 50-megapixel PNG', async () => {
    const huge = join(dir, 'huge.png');
    writeFileSync(huge, await png(10_000, 5_000));
    const run = await verify('--image', huge, '--caption', 'A dog.');
    expect(run.code).toBe(0);
    expect(chatRequests(server())[0]?.image).toMatchObject({ width: 1024, height: 512 });
  });

  it('rasterizes an SVG on white', async () => {
    const svg = join(dir, 'drawing.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><circle cx="50" cy="50" r="40" fill="red"/></svg>');
    const run = await verify('--image', svg, '--caption', 'A red circle.');
    expect(run.code).toBe(0);
    expect(chatRequests(server())[0]?.image).toMatchObject({ width: 1024, height: 512, mimeType: 'image/jpeg' });
  });

  it('sends the first frame of an animated GIF', async () => {
    const frame = (r: number) => sharp({ create: { width: 60, height: 40, channels: 3, background: { r, g: 0, b: 0 } } }).png().toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const file = join(dir, 'anim.gif');
    writeFileSync(file, gif);
    const run = await verify('--image', file, '--caption', 'A red rectangle.');
    expect(run.code).toBe(0);
    expect(chatRequests(server())[0]?.image).toMatchObject({ width: 60, height: 40 });
  });

  it.each([
    ['a 1×1 pixel', 'pixel.png', async () => png(1, 1), /1×1 pixels, too small to check/],
    ['a missing file', 'nope.jpg', null, /nope\.jpg could not be read \(there is no such file\)/],
    ['a text file', 'notes.jpg', async () => Buffer.from('hello'), /is not an image/],
  ])('refuses %s with one clear line and no model request', async (_, name, make, message) => {
    const file = join(dir, name);
    if (make) writeFileSync(file, await make());
    const run = await verify('--image', file, '--caption', 'A dog.');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(chatRequests(server())).toHaveLength(0);
  });
});
