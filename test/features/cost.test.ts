// What a check costs on an endpoint that, like older Ollama builds and several gateways, sends no logprobs
// and ignores `n`: every path a user can start (check, re-check, compare, page check, alt-text audit) runs
// through the real endpoint verifier and SDK against the local server, and the request count the job
// shows is compared with the requests the server recorded. One request per check unless a score is asked for.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CheckJob } from '@/lib/job-record';
import { checkImage } from '@/lib/features/check-image';
import { listPageCheck, runPageCheck } from '@/lib/features/check-page';
import { compare, recheck } from '@/lib/features/recheck';
import { endpointVerifier } from '@/lib/adapters/model';
import { CALIBRATION_SAMPLES, type Settings } from '@/lib/settings';
import { sampleCalibration } from '../calibrate/fixture';
import { chatRequests, imageDataUrl, useModelServer } from '../server/fixtures';
import { fakePlatform } from './fake-platform';

const model = useModelServer();
const server = () => model.server;
let image = '';
beforeAll(async () => {
  image = await imageDataUrl();
});
beforeEach(() => {
  fakeBrowser.reset();
  server().reset();
  // No logprobs (the server's default), `n` ignored, and samples that would differ if they were asked.
  server().set({ models: ['test-vlm', 'other-vlm'], honourN: false, sampling: { seed: 11, flip: () => 0.3 } });
});

const target = { tabId: 4, frameId: 0, srcUrl: 'https://news.test/car.jpg', pageUrl: 'https://news.test/story' };
const items = ['a', 'b'].map((id) => ({ id, imageUrl: `https://news.test/${id}.jpg`, caption: `Picture ${id} shows a red car.`, truncated: false, source: 'figcaption' as const }));
const page = {
  listCaptioned: () => ({ pageUrl: 'https://news.test/', items }),
  listAltTexts: () => ({ pageUrl: 'https://news.test/', items: items.map((i) => ({ ...i, source: 'alt' as const })), findings: [] }),
  selectCaptioned: (_frame: number, id: string) => `https://news.test/${id}.jpg`,
};

/** The fake platform with the worker's real endpoint verifier (verdict cache skipped: every check is asked). */
function platformWith(settings: Partial<Settings> = {}, calibration: ReturnType<typeof sampleCalibration> | null = null) {
  const fake = fakePlatform({
    page,
    settings: { baseUrl: server().baseUrl, apiKey: 'sk-test', model: 'test-vlm', stream: false, ...settings },
    image: { dataUrl: image, path: 'page', byteLength: image.length },
  });
  fake.platform.calibrationFor = async () => calibration;
  fake.platform.endpointModel = (chosen, signal, options) => endpointVerifier(chosen, signal, { ...options, fresh: true });
  fake.platform.chooseModel = async (chosen) => ({
    provider: 'endpoint',
    label: chosen.model,
    assertReady: () => {},
    verifier: (signal, options) => endpointVerifier(chosen, signal, { ...options, fresh: true }),
  });
  return fake;
}

/** Runs `path` and returns the requests the server recorded for it. */
async function requestsOf(path: () => Promise<unknown>): Promise<number> {
  const before = chatRequests(server()).length;
  await path();
  return chatRequests(server()).length - before;
}

describe('the price of a check on an endpoint without logprobs that ignores n', () => {
  it('check, re-check and compare: one request each by default, and the job says so', async () => {
    const fake = platformWith();
    let job: CheckJob | null = null;
    expect(await requestsOf(async () => (job = await checkImage(fake.platform, target)))).toBe(1);
    expect(job).toMatchObject({ status: 'done', requests: 1, scoreKind: null });

    expect(await requestsOf(() => recheck(fake.platform, 4, ['A red car.', 'A blue bus.']))).toBe(1);
    expect(fake.jobs.get(4)).toMatchObject({ status: 'done', requests: 1, scoreKind: null });

    expect(await requestsOf(() => compare(fake.platform, 4, 'other-vlm', undefined))).toBe(1);
    expect(fake.jobs.get(4)?.comparison).toMatchObject({ status: 'done', requests: 1, scoreKind: null });
  });

  it.each(['captions', 'alt'] as const)('page check (%s): one request per pair by default', async (kind) => {
    const fake = platformWith();
    await listPageCheck(fake.platform, 8, kind);
    expect(await requestsOf(() => runPageCheck(fake.platform, 8, ['a', 'b']))).toBe(2);
    expect(fake.history.map((h) => [h.status, h.requests])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('an agreement score asked for in Options costs N + 1 requests, and the job counts each one', async () => {
    const fake = platformWith({ samplesPerClaim: 3 });
    let job: CheckJob | null = null;
    expect(await requestsOf(async () => (job = await checkImage(fake.platform, target)))).toBe(4);
    expect(job).toMatchObject({ status: 'done', requests: 4, scoreKind: 'agreement' });
  });

  it('a calibration made with agreement scores asks for them with sampling off, and the check says what it cost', async () => {
    const calibration = { ...sampleCalibration({ supported: 0.8, not_supported: 0.8 }), model: 'test-vlm', score_kind: 'agreement' as const };
    const fake = platformWith({ samplesPerClaim: 1 }, calibration);
    let job: CheckJob | null = null;
    expect(await requestsOf(async () => (job = await checkImage(fake.platform, target)))).toBe(CALIBRATION_SAMPLES + 1);
    expect(job).toMatchObject({ status: 'done', requests: CALIBRATION_SAMPLES + 1, scoreKind: 'agreement' });
    expect(job!.notes.join(' ')).toContain(`needs agreement scores, so this check asked for ${CALIBRATION_SAMPLES} extra answers`);
  });
});
