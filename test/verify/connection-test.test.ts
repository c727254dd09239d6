// Options → Test connection against the local model server (real HTTP through the real SDK): each failure is
// put on the step that failed, and what a check retries (a one-off 429 or 500) the test retries too.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import { toCheckError } from '../../lib/verify/client';
import { testConnection } from '../../lib/verify/connection-test';
import type { OutputMode } from '../../lib/verify/verify';
import { failOnUnhandledRejection, imageDataUrl, useModelServer } from '../server/fixtures';

failOnUnhandledRejection();
const ctx = useModelServer();
beforeEach(() => ctx.server.reset());
let image = '';
beforeAll(async () => {
  image = await imageDataUrl();
});

/** Test connection with these settings; the report's steps as "id ok" (ok: true, false or null for not tested). */
async function run(patch: Partial<Settings> = {}) {
  let modes: Record<string, OutputMode> = {};
  const settings: Settings = { ...DEFAULT_SETTINGS, baseUrl: ctx.server.baseUrl, apiKey: 'sk-test', model: 'test-vlm', ...patch };
  const report = await testConnection(settings, {
    outputModes: { get: async () => modes, set: async (value) => void (modes = value) },
    testImage: async () => image,
    explain: async (raw, endpoint) => toCheckError(raw, endpoint.model, endpoint.baseUrl),
  });
  return { report, steps: report.steps.map((s) => `${s.id} ${s.ok}`) };
}

describe('Test connection', () => {
  it('a working endpoint: every step passes', async () => {
    const { report, steps } = await run();
    expect(report.ok).toBe(true);
    expect(steps).toEqual(['reached true', 'key true', 'model true', 'image true', 'structured true']);
  });

  it('an unknown model: the ✗ is on the model, not on the key', async () => {
    const { report, steps } = await run({ model: 'no-such-model' });
    expect(steps).toEqual(['reached true', 'key true', 'model false', 'image null', 'structured null']);
    expect(report.steps.find((s) => s.id === 'model')!.detail).toContain('no-such-model');
  });

  it('a wrong path (404): the ✗ is on reaching the endpoint, and the key is not called accepted', async () => {
    const { report, steps } = await run({ baseUrl: `${ctx.server.origin}/wrong/v1` });
    expect(report.ok).toBe(false);
    expect(steps).toEqual(['reached false', 'key null', 'model null', 'image null', 'structured null']);
  });

  it.each([429, 500])('a lasting %i: the ✗ is on the model step, and the key is not called accepted', async (status) => {
    ctx.server.set({ failures: Array.from({ length: 4 }, () => ({ status, method: 'POST' as const, headers: { 'retry-after': '0' } })) });
    const { report, steps } = await run();
    expect(report.ok).toBe(false);
    expect(steps).toEqual(['reached true', 'key null', 'model false', 'image null', 'structured null']);
  });

  it.each([429, 500])('a one-off %i is retried as a check retries it, and the test passes', async (status) => {
    ctx.server.set({ failures: [{ status, method: 'POST', headers: { 'retry-after': '0' } }] });
    const { report, steps } = await run();
    expect(report.ok).toBe(true);
    expect(steps).toEqual(['reached true', 'key true', 'model true', 'image true', 'structured true']);
    expect(ctx.server.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('a wrong key (401): the ✗ is on the key', async () => {
    ctx.server.set({ apiKey: 'sk-right' });
    const { steps } = await run();
    expect(steps).toEqual(['reached true', 'key false', 'model null', 'image null', 'structured null']);
  });
});
