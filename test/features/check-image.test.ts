import { describe, expect, it } from 'vitest';
import { CheckError } from '@/lib/errors';
import { AFTER_REQUEST_MS, cancelCheck, checkImage, checkWelcomeSample, MARKS_AFTER_REQUEST_MS } from '@/lib/features/check-image';
import type { GatheredCaption, ModelStep } from '@/lib/check-lifecycle';
import type { MarksPayload } from '@/lib/page/marks';
import { allSupported, fakePlatform } from './fake-platform';

/** No endpoint set: the check ends with the not-configured error. */
function withoutModel(fake: ReturnType<typeof fakePlatform>): void {
  fake.platform.chooseModel = async () => ({
    provider: 'endpoint',
    label: '',
    assertReady: () => {
      throw new CheckError('not-configured', 'Open Options.');
    },
    verifier: () => allSupported,
  });
}

const target = { tabId: 4, frameId: 0, srcUrl: 'https://news.test/car.jpg', pageUrl: 'https://news.test/story' };

describe('checkImage', () => {
  it('sets the toolbar badge when it changes, not at every save: "…" once while the check runs, then the result', async () => {
    const fake = fakePlatform({ caption: { caption: 'A red car. A man rides a bicycle. Two dogs run.', pageUrl: target.pageUrl, imageUrl: target.srcUrl } });
    const shown: string[] = [];
    const showBadge = fake.platform.showBadge;
    fake.platform.showBadge = (job) => (shown.push(`${job.status} ${job.phase}`), showBadge(job));
    const job = await checkImage(fake.platform, target);
    expect(job?.claims).toHaveLength(3);
    // Saved at each phase and each verdict (image, verifying, three verdicts, finished): the caption was chosen
    // before the check began, so no "gathering" record comes before the claims.
    expect(fake.saved.length).toBeGreaterThanOrEqual(6);
    expect(fake.saved[0]?.phase).toBe('image');
    expect(shown).toEqual(['running image', 'done finished']);
    expect(fake.badges.get(4)).toBe('done');
  });

  it('runs the chosen caption through to a finished job: saved with owner and thumbnail, badge, history, marks', async () => {
    const fake = fakePlatform({ page: { showMarks: () => ({ located: 1, badge: true }) } });
    const job = await checkImage(fake.platform, target);
    expect(job?.status).toBe('done');
    expect(job?.claims.map((c) => c.verdict?.label)).toEqual([true]);
    const last = fake.jobs.get(4)!;
    expect(last).toMatchObject({ status: 'done', owner: 'worker-test', thumbnail: 'data:image/jpeg;base64,THUMB', frameId: 0 });
    expect(fake.images.get(4)).toBe('data:image/jpeg;base64,AAAA');
    expect(fake.badges.get(4)).toBe('done');
    expect(fake.history.map((h) => h.id)).toEqual([job!.id]);
    // First the "checking" badge by the image, then the result.
    expect(fake.pageCalls.map((c) => `${c.method} ${(c.args[0] as MarksPayload).tone}`)).toEqual(['showMarks running', 'showMarks ok']);
    expect(fake.platform.tasks.size()).toBe(0);
  });

  it('a cancelled chooser ends quietly: no job, no model request, the badge cleared', async () => {
    let asked = 0;
    const fake = fakePlatform({ caption: null, verify: async (...args) => (asked++, allSupported(...args)) });
    await expect(checkImage(fake.platform, target)).resolves.toBeNull();
    expect(fake.saved).toEqual([]);
    expect(asked).toBe(0);
    expect(fake.badges.get(4)).toBe('');
  });

  it('a tab closed while its chooser was open ends the check quietly (the badge call that fails is no error)', async () => {
    const fake = fakePlatform({ caption: null });
    fake.platform.clearBadge = (tabId) => Promise.reject(new Error(`No tab with id: ${tabId}.`));
    await expect(checkImage(fake.platform, target)).resolves.toBeNull();
    expect(fake.saved).toEqual([]);
  });

  it('a preset caption (a re-run, a selection) skips the chooser and keeps its credit', async () => {
    const fake = fakePlatform({ caption: async () => Promise.reject(new Error('the chooser must not open')) });
    const job = await checkImage(fake.platform, target, { caption: 'A red car.', credit: 'Photo: A. Person' });
    expect(job).toMatchObject({ status: 'done', caption: 'A red car.', credit: 'Photo: A. Person' });
  });

  it('a second check on the tab replaces the first, which leaves the badge to it', async () => {
    let release!: (caption: GatheredCaption | null) => void;
    const waiting = new Promise<GatheredCaption | null>((resolve) => (release = resolve));
    let call = 0;
    const fake = fakePlatform({
      caption: async (t) => (++call === 1 ? waiting : { caption: 'Two ducks.', pageUrl: target.pageUrl, imageUrl: t.srcUrl }),
    });
    const first = checkImage(fake.platform, target);
    // The first check waits in its chooser until the second has started.
    await expect.poll(() => call).toBe(1);
    const second = await checkImage(fake.platform, { ...target, srcUrl: 'https://news.test/ducks.jpg' });
    release({ caption: 'A red car.', pageUrl: target.pageUrl, imageUrl: target.srcUrl });
    await expect(first).resolves.toBeNull();
    expect(second?.imageUrl).toBe('https://news.test/ducks.jpg');
    expect(fake.jobs.get(4)?.imageUrl).toBe('https://news.test/ducks.jpg');
    expect(fake.badges.get(4)).toBe('done');
  });

  it('a check replaced during its model step writes nothing over the newer check, nor into history', async () => {
    let calls = 0;
    const model = (signal: AbortSignal): ModelStep => async (claims, image, onVerdict) => {
      calls += 1;
      if (calls === 1)
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new CheckError('aborted', 'The check was cancelled.'))));
      return allSupported(claims, image, onVerdict);
    };
    const fake = fakePlatform({ model });
    const first = checkImage(fake.platform, target);
    await expect.poll(() => calls).toBe(1);
    const second = await checkImage(fake.platform, { ...target, srcUrl: 'https://news.test/ducks.jpg' });
    await expect(first).resolves.toMatchObject({ status: 'error', error: { kind: 'aborted' } });
    expect(fake.jobs.get(4)).toMatchObject({ id: second!.id, status: 'done', imageUrl: 'https://news.test/ducks.jpg' });
    expect(fake.saved.some((s) => s.status === 'error')).toBe(false);
    expect(fake.history.map((h) => h.id)).toEqual([second!.id]);
    expect(fake.badges.get(4)).toBe('done');
  });

  it('cancel aborts the model step, keeps the verdicts that arrived, and closes a chooser', async () => {
    let started!: () => void;
    const inModel = new Promise<void>((resolve) => (started = resolve));
    // Like the real model step: one verdict streams in, then it waits until its signal aborts.
    const model = (signal: AbortSignal): ModelStep => (_claims, _image, onVerdict) =>
      new Promise((_resolve, reject) => {
        onVerdict(0, { reasoning: 'seen', label: true, error_type: [] });
        signal.addEventListener('abort', () => reject(new CheckError('aborted', 'The check was cancelled.')));
        started();
      });
    const fake = fakePlatform({ model, caption: { caption: 'A red car. A blue bike.', pageUrl: target.pageUrl, imageUrl: target.srcUrl } });
    const running = checkImage(fake.platform, target);
    await inModel;
    expect(cancelCheck(fake.platform, 4)).toBe(true);
    expect(fake.events).toContain('closeChooser:4');
    const job = await running;
    expect(job?.error?.kind).toBe('aborted');
    expect(job?.claims.map((c) => c.verdict?.label ?? null)).toEqual([true, null]);
    expect(fake.jobs.get(4)?.claims[0]?.verdict?.label).toBe(true);
    expect(cancelCheck(fake.platform, 4)).toBe(false);
    // The "checking" badge goes with the check.
    expect(fake.pageCalls.map((c) => c.method)).toEqual(['showMarks', 'clearMarks']);
  });

  /**
   * A check of two claims whose model answers once `release` is called; with `held`, the wait after the request
   * is held too, until `wake`.
   */
  function answeredOnRelease({ held = false } = {}) {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fake = fakePlatform({
      page: { showMarks: () => ({ located: 2, badge: true }) },
      caption: { caption: 'A red car. A blue bike.', pageUrl: target.pageUrl, imageUrl: target.srcUrl },
      verify: async (claims, image, onVerdict) => (await answered, allSupported(claims, image, onVerdict)),
    });
    let wake = () => {};
    const slept: number[] = [];
    // Only the marks' wait is held; the check's own wait after the request (AFTER_REQUEST_MS) passes at once.
    if (held) fake.platform.sleep = (ms) => (ms === MARKS_AFTER_REQUEST_MS ? (slept.push(ms), new Promise<void>((resolve) => (wake = resolve))) : Promise.resolve());
    return { fake, release, slept, wake: () => wake() };
  }

  it('the page shows a waiting badge by the image while the model runs (the caption is marked once verdicts are in)', async () => {
    const { fake, release } = answeredOnRelease();
    const running = checkImage(fake.platform, target);
    await expect.poll(() => fake.pageCalls.length).toBe(1);
    const waiting = fake.pageCalls[0]!.args[0] as MarksPayload;
    expect([waiting.tone, waiting.sign, waiting.summary]).toEqual(['running', '…', 'Asking the model…']);
    expect(waiting.claims).toEqual([]);
    release();
    await running;
    expect(fake.pageCalls.map((c) => (c.args[0] as MarksPayload).tone)).toEqual(['running', 'ok']);
    expect((fake.pageCalls[1]!.args[0] as MarksPayload).claims.map((c) => `${c.label} ${c.text}`)).toEqual(['true A red car.', 'true A blue bike.']);
  });

  it('draws the waiting badge a moment after the request has left, not as it leaves', async () => {
    const { fake, release, slept, wake } = answeredOnRelease({ held: true });
    const running = checkImage(fake.platform, target);
    // The request has left (the wait after it began): nothing is drawn on the page yet.
    await expect.poll(() => slept).toEqual([MARKS_AFTER_REQUEST_MS]);
    expect(fake.pageCalls).toEqual([]);
    wake();
    await expect.poll(() => fake.pageCalls.length).toBe(1);
    expect((fake.pageCalls[0]!.args[0] as MarksPayload).tone).toBe('running');
    release();
    await running;
    expect(fake.pageCalls.map((c) => (c.args[0] as MarksPayload).tone)).toEqual(['running', 'ok']);
  });

  it('stores the "verifying" record and keeps the image a moment after the request has started, not beside it', async () => {
    const { fake, release } = answeredOnRelease();
    let wake = () => {};
    const slept: number[] = [];
    fake.platform.sleep = (ms) => (slept.push(ms), ms === AFTER_REQUEST_MS ? new Promise<void>((resolve) => (wake = resolve)) : Promise.resolve());
    const running = checkImage(fake.platform, target);
    // The request has started (the wait after it began): nothing stored since the claims, the image not kept yet.
    await expect.poll(() => slept).toContain(AFTER_REQUEST_MS);
    expect(fake.saved.map((j) => j.phase)).toEqual(['image']);
    expect(fake.images.get(target.tabId)).toBeUndefined();
    wake();
    await expect.poll(() => fake.saved.map((j) => j.phase)).toEqual(['image', 'verifying']);
    await expect.poll(() => fake.images.get(target.tabId)).toBe('data:image/jpeg;base64,AAAA');
    release();
    await running;
    expect(fake.jobs.get(target.tabId)).toMatchObject({ status: 'done', thumbnail: 'data:image/jpeg;base64,THUMB' });
  });

  it('a check answered within that moment shows only its result by the image', async () => {
    const { fake, release, slept, wake } = answeredOnRelease({ held: true });
    const running = checkImage(fake.platform, target);
    await expect.poll(() => slept).toEqual([MARKS_AFTER_REQUEST_MS]);
    release();
    await running;
    wake();
    expect(fake.pageCalls.map((c) => (c.args[0] as MarksPayload).tone)).toEqual(['ok']);
  });

  it('draws the waiting badge once the request has left, not while the page still reads the image', async () => {
    let release!: () => void;
    const read = new Promise<void>((resolve) => (release = resolve));
    const fake = fakePlatform({ page: { showMarks: () => ({ located: 2, badge: true }) } });
    const image = { dataUrl: 'data:image/jpeg;base64,AAAA', path: 'page' as const, byteLength: 3 };
    let awaited = false;
    fake.platform.startImageRead = () => Object.assign(async () => ((awaited = true), await read, image), { early: read.then(() => image) });
    const running = checkImage(fake.platform, target);
    // The check waits for the image only after its claims were saved, the moment the badge used to be drawn.
    await expect.poll(() => awaited).toBe(true);
    expect(fake.jobs.get(target.tabId)?.claims.length).toBeGreaterThan(0);
    expect(fake.pageCalls).toEqual([]);
    release();
    await running;
    expect(fake.pageCalls.map((c) => (c.args[0] as MarksPayload).tone)).toEqual(['running', 'ok']);
  });

  it('a failed check says so by the image, with its cause in the badge\'s tooltip and panel', async () => {
    const fake = fakePlatform({
      page: { showMarks: () => ({ located: 1, badge: true }) },
      verify: async () => Promise.reject(new CheckError('server', 'The model server failed (HTTP 500). Try again in a minute.')),
    });
    const job = await checkImage(fake.platform, target);
    expect(job?.status).toBe('error');
    const failed = fake.pageCalls.at(-1)!.args[0] as MarksPayload;
    expect([failed.tone, failed.sign, failed.summary, failed.detail]).toEqual(['failed', '!', 'The check failed.', 'The model server failed (HTTP 500). Try again in a minute.']);
  });

  it('with no model configured, shows the first-run guidance', async () => {
    const fake = fakePlatform({});
    withoutModel(fake);
    const job = await checkImage(fake.platform, target);
    expect(job?.error?.kind).toBe('not-configured');
    expect(fake.events).toContain('firstRun');
  });
});

describe('a check waiting for its caption', () => {
  /** A chooser the test answers: resolves the check's gather when `answer` is called. */
  function openChooser() {
    let answer!: (caption: GatheredCaption | null) => void;
    const chosen = new Promise<GatheredCaption | null>((resolve) => (answer = resolve));
    let opened = 0;
    return { caption: async () => (opened++, chosen), answer, opened: () => opened };
  }

  it('is shown while the chooser is open (which page, which image, its thumbnail, the badge) and gone once a caption is confirmed', async () => {
    const chooser = openChooser();
    const fake = fakePlatform({ caption: chooser.caption });
    const running = checkImage(fake.platform, target);
    await expect.poll(() => fake.waiting.get(4)?.thumbnail ?? null).toBe('data:image/jpeg;base64,THUMB');
    expect(fake.waiting.get(4)).toMatchObject({ tabId: 4, pageUrl: target.pageUrl, imageUrl: target.srcUrl });
    expect(fake.badges.get(4)).toBe('waiting');
    expect(fake.saved).toEqual([]);
    chooser.answer({ caption: 'A red car.', pageUrl: target.pageUrl, imageUrl: target.srcUrl });
    await expect(running).resolves.toMatchObject({ status: 'done' });
    expect(fake.waiting.has(4)).toBe(false);
    expect(fake.badges.get(4)).toBe('done');
  });

  it('is gone when the user cancels the chooser, with the badge cleared', async () => {
    const chooser = openChooser();
    const fake = fakePlatform({ caption: chooser.caption });
    const running = checkImage(fake.platform, target);
    await expect.poll(() => fake.waiting.has(4)).toBe(true);
    chooser.answer(null);
    await expect(running).resolves.toBeNull();
    expect(fake.waiting.has(4)).toBe(false);
    expect(fake.badges.get(4)).toBe('');
  });

  it("of a check that replaced a waiting one stays when the first one's chooser answers late", async () => {
    const first = openChooser();
    const second = openChooser();
    let call = 0;
    const fake = fakePlatform({ caption: () => (++call === 1 ? first.caption() : second.caption()) });
    const firstCheck = checkImage(fake.platform, target);
    await expect.poll(() => first.opened()).toBe(1);
    const secondCheck = checkImage(fake.platform, { ...target, srcUrl: 'https://news.test/ducks.jpg' });
    await expect.poll(() => fake.waiting.get(4)?.imageUrl).toBe('https://news.test/ducks.jpg');
    first.answer(null);
    await expect(firstCheck).resolves.toBeNull();
    expect(fake.waiting.get(4)?.imageUrl).toBe('https://news.test/ducks.jpg');
    second.answer({ caption: 'Two ducks.', pageUrl: target.pageUrl, imageUrl: 'https://news.test/ducks.jpg' });
    await expect(secondCheck).resolves.toMatchObject({ status: 'done' });
    expect(fake.waiting.has(4)).toBe(false);
  });

  it('is never written for a selected caption, which no chooser waits for', async () => {
    const fake = fakePlatform({ selected: { caption: 'A red car.', pageUrl: target.pageUrl, imageUrl: target.srcUrl } });
    const shown: string[] = [];
    const showWaiting = fake.platform.showWaiting;
    fake.platform.showWaiting = (record) => (shown.push(record.id), showWaiting(record));
    await expect(checkImage(fake.platform, target)).resolves.toMatchObject({ status: 'done', caption: 'A red car.' });
    expect(fake.events).not.toContain('chooser');
    expect(shown).toEqual([]);
    expect(fake.badges.get(4)).toBe('done');
  });

  it('left behind by a stopped worker is cleared by Cancel, though no check runs', async () => {
    const fake = fakePlatform({});
    await fake.platform.showWaiting({ id: 'old', tabId: 4, pageUrl: target.pageUrl, imageUrl: target.srcUrl, since: 1, thumbnail: null });
    expect(cancelCheck(fake.platform, 4)).toBe(false);
    await expect.poll(() => fake.waiting.has(4)).toBe(false);
  });
});

describe('checkWelcomeSample', () => {
  it('checks the sample file with its own caption, no chooser', async () => {
    const fake = fakePlatform({ caption: async () => Promise.reject(new Error('no chooser on the welcome page')) });
    const job = await checkWelcomeSample(fake.platform, 9, 'ducks');
    expect(job).toMatchObject({
      status: 'done',
      imageUrl: 'chrome-extension://test-id/welcome/ducks.png',
      pageUrl: 'chrome-extension://test-id/welcome.html',
      caption: 'Four yellow ducks swim on a blue pond. Each duck has an orange beak. The ducks face to the right.',
    });
  });

  it('with no model configured, opens no tab or popup: the welcome page explains inline', async () => {
    const fake = fakePlatform({});
    withoutModel(fake);
    const job = await checkWelcomeSample(fake.platform, 9, 'car');
    expect(job?.error?.kind).toBe('not-configured');
    expect(fake.events).not.toContain('firstRun');
  });
});
