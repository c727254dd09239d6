// `caption-check verify` where nothing usable answers: one line that names the cause and the flag that
// fixes it, exit code 1. Real states: a closed port, a name that cannot resolve, https:// to a plain
// HTTP server — reached through the real SDK in this process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../server/closed-port';
import { useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, runCli, useTempDir } from './run-cli';

const model = useModelServer();
const dir = useTempDir();
const photo = join(dir, 'photo.jpg');
beforeAll(async () => {
  writeFileSync(photo, await jpeg(64, 48));
});

const verifyAt = (baseUrl: string) => runCli(['verify', ...endpointArgs(baseUrl), '--image', photo, '--caption', 'A dog sits on a sofa.']);

describe('verify where nothing usable answers', { timeout: CLI_TIMEOUT_MS }, () => {
  it('a closed port: nothing is listening, and --base-url is the fix', async () => {
    const port = await closedPort();
    const run = await verifyAt(`http://127.0.0.1:${port}/v1`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Nothing is listening at 127.0.0.1:${port} (the connection was refused). Start the model server, or pass the right address with --base-url (or OPENAI_BASE_URL).`,
    );
  });

  it('a host name that does not resolve: says the name was not found', async () => {
    const run = await verifyAt('http://caption-check-test.invalid:11434/v1');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The host name in http://caption-check-test.invalid:11434/v1 was not found. Check --base-url (or OPENAI_BASE_URL) for a typo.');
  });

  it('https:// to a server that speaks plain HTTP: says to write http://', async () => {
    const run = await verifyAt(model.server.baseUrl.replace('http:', 'https:'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('does not speak HTTPS');
    expect(run.stderr).toContain('Write http:// instead of https://');
    expect(model.server.requests).toEqual([]);
  });
});
