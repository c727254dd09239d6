// The CLI's API key: read from a flag, a file or the environment; never printed back, even when an
// endpoint echoes it in an error; a warning when it would cross the network in clear text.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyFromFlags, parseArgs, resolveEndpoint, ENDPOINT_FLAGS, UsageError } from '../../lib/cli/args';
import { guardKey, sendsKeyInClear } from '../../lib/cli/endpoint-key';
import type { CliIo } from '../../lib/cli/io';
import { REDACTED } from '../../lib/redact';
import { chatRequests, useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, runCli, useTempDir } from './run-cli';

const KEY = 'sk-test-0123456789abcdef';
const dir = useTempDir();
const keyFile = join(dir, 'key.txt');
const photo = join(dir, 'photo.jpg');
beforeAll(async () => {
  writeFileSync(keyFile, `${KEY}\n# a comment line is ignored\n`);
  writeFileSync(join(dir, 'empty.txt'), '\n');
  writeFileSync(photo, await jpeg(64, 48));
});

const args = (...argv: string[]) => parseArgs(argv, ENDPOINT_FLAGS, 'verify');

describe('where the key comes from', () => {
  it.each([
    ['--api-key', ['--api-key', KEY], {}, KEY],
    ['--api-key-file (first line, trimmed)', ['--api-key-file', 'key.txt'], {}, KEY],
    ['OPENAI_API_KEY', [], { OPENAI_API_KEY: ` ${KEY} ` }, KEY],
    ['a flag over the environment', ['--api-key-file', 'key.txt'], { OPENAI_API_KEY: 'sk-other-key-000000' }, KEY],
    ['an explicit empty --api-key (no key)', ['--api-key', ''], { OPENAI_API_KEY: KEY }, ''],
  ])('%s', (_name, argv, env, expected) => {
    const endpoint = resolveEndpoint(args('--base-url', 'https://api.example/v1', '--model', 'm', ...argv), env, 'verify', dir);
    expect(endpoint.apiKey).toBe(expected);
  });

  it.each([
    [['--api-key', KEY, '--api-key-file', 'key.txt'], /either --api-key or --api-key-file/],
    [['--api-key-file', 'missing.txt'], /missing\.txt cannot be read/],
    [['--api-key-file', 'empty.txt'], /empty\.txt is empty; put the key on its first line/],
  ])('%j is a usage error that says what to do', (argv, message) => {
    expect(() => keyFromFlags(args(...argv), dir, 'verify')).toThrow(UsageError);
    expect(() => keyFromFlags(args(...argv), dir, 'verify')).toThrow(message);
  });
});

describe('sendsKeyInClear', () => {
  it.each([
    ['http://gpu-box.lan:8000/v1', true],
    ['http://203.0.113.7/v1', true],
    ['https://api.openai.com/v1', false],
    ['http://localhost:11434/v1', false],
    ['http://127.0.0.1:8000/v1', false],
    ['http://[::1]:8000/v1', false],
    ['http://ollama.localhost/v1', false],
    ['http://localhost.attacker.example/v1', true],
  ])('%s → %s', (baseUrl, expected) => {
    expect(sendsKeyInClear({ baseUrl, apiKey: KEY })).toBe(expected);
    expect(sendsKeyInClear({ baseUrl, apiKey: '' })).toBe(false);
  });
});

function memoryIo(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    stdin: Readable.from([]),
    env: {},
    cwd: dir,
    signal: new AbortController().signal,
  };
}

describe('guardKey', () => {
  it('replaces the key in everything written afterwards, on both streams', () => {
    const io = memoryIo();
    guardKey(io, { baseUrl: 'https://api.example/v1', apiKey: KEY });
    io.stdout.write(`{"error":"Incorrect API key provided: ${KEY}"}\n`);
    io.stderr.write(`caption-check: rejected ${KEY}\n`);
    expect(io.out.join('') + io.err.join('')).not.toContain(KEY);
    expect(io.out.join('')).toContain(REDACTED);
  });

  it('warns once, on stderr, when the key goes over plain http to another machine', () => {
    const io = memoryIo();
    guardKey(io, { baseUrl: 'http://gpu-box.lan:8000/v1', apiKey: KEY });
    expect(io.err).toHaveLength(1);
    expect(io.err[0]).toMatch(/^caption-check: warning: the API key is sent over plain http:\/\/ to gpu-box\.lan:8000/);
    const local = memoryIo();
    guardKey(local, { baseUrl: 'http://localhost:11434/v1', apiKey: KEY });
    expect(local.err).toEqual([]);
  });
});

const model = useModelServer();
const server = () => model.server;
beforeEach(() => server().reset());

/** An endpoint whose 400 answers echo the key it was sent, as some gateways do (enough for every step of the ladder). */
function echoKey(): void {
  server().set({ failures: Array.from({ length: 8 }, () => ({ status: 400, body: { error: { message: `Invalid request for key ${KEY}.` } } })) });
}

describe('the key never reaches output', { timeout: CLI_TIMEOUT_MS }, () => {
  it('verify --json: an endpoint error echoing the key is redacted on stdout and stderr', async () => {
    echoKey();
    const run = await runCli(['verify', ...endpointArgs(server().baseUrl), '--api-key', KEY, '--image', photo, '--caption', 'A dog sits.', '--json'], {
      env: { CAPTION_CHECK_DEBUG: '1' },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ error: { kind: 'bad-request', message: `The endpoint rejected the request: 400 Invalid request for key ${REDACTED}.` } });
    // The debug stack (CAPTION_CHECK_DEBUG) holds the SDK's error text too: also redacted.
    expect(run.stderr).toContain(REDACTED);
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('batch: the results file and the summary hold no key', async () => {
    const input = join(dir, 'in.jsonl');
    const out = join(dir, 'out.jsonl');
    writeFileSync(input, `${JSON.stringify({ id: 1, image: photo, caption: 'A dog sits.' })}\n`);
    // Every request fails with the echo, so the item's error line carries the endpoint's text.
    echoKey();
    const run = await runCli(['batch', input, ...endpointArgs(server().baseUrl), '--api-key-file', keyFile, '--out', out]);
    const written = readFileSync(out, 'utf8');
    expect(written).toContain('"error"');
    expect(written + run.stdout + run.stderr).not.toContain(KEY);
    // The key did reach the endpoint: it was read from the file.
    expect(chatRequests(server())[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('the key never reaches output through a batch engine', { timeout: CLI_TIMEOUT_MS }, () => {
  it('batch --via openai-batch: an API error echoing the key is redacted on stderr', async () => {
    const input = join(dir, 'via-in.jsonl');
    writeFileSync(input, `${JSON.stringify({ id: 1, image: photo, caption: 'A dog sits.' })}\n`);
    echoKey();
    const run = await runCli(['batch', input, ...endpointArgs(server().baseUrl), '--api-key-file', keyFile, '--out', join(dir, 'via-out.jsonl'), '--via', 'openai-batch']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The API refused the request (uploading part-001.jsonl): 400 Invalid request for key ${REDACTED}.`);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(server().requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
