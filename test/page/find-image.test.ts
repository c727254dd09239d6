// @vitest-environment happy-dom
// Measuring the chosen image for a screenshot waits for the page to paint it (lib/page/find-image.ts): for its
// decode, and for two animation frames. A hidden document (a tab in the background, a minimized window) paints
// nothing, so those waits end when the document is, or becomes, hidden, not at their time bounds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locateImage, type ImageLocation } from '@/lib/page/find-image';

const src = 'https://news.example/photo.jpg';

/** The document's visibility as the browser reports it (happy-dom's is always visible). */
let hidden = false;
/** Animation frames asked for: in a hidden document the browser runs none; a test runs them as a shown one would. */
let frames: FrameRequestCallback[] = [];
/** The image's decode(): settled by a test, or never (an image still loading). */
let decodes: 'at once' | 'never' = 'at once';

/** Starts measuring the image, and tells whether the answer has come. */
function measure(): { answered: () => boolean; answer: Promise<ImageLocation | null> } {
  let done = false;
  const answer = locateImage(src).finally(() => (done = true));
  return { answered: () => done, answer };
}

/** Runs the animation frames asked for so far, as a shown document does at its next paint. */
function paint() {
  const now = frames;
  frames = [];
  for (const frame of now) frame(performance.now());
}

/** Measures the image, sends the tab to the background 10 ms into the wait, and tells whether the answer came with it. */
async function measureThenHide(): Promise<{ answered: boolean; answer: Promise<ImageLocation | null> }> {
  const { answered, answer } = measure();
  await vi.advanceTimersByTimeAsync(10);
  hidden = true;
  document.dispatchEvent(new Event('visibilitychange'));
  await vi.advanceTimersByTimeAsync(0);
  return { answered: answered(), answer };
}

describe('locateImage waits for paint only where the page paints', () => {
  beforeEach(() => {
    hidden = false;
    frames = [];
    decodes = 'at once';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(() => (decodes === 'at once' ? Promise.resolve() : new Promise<void>(() => {})));
    // An image not loaded when asked (its pixels may not be on screen yet): the paint is waited for.
    const image = document.createElement('img');
    image.src = src;
    document.body.append(image);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('a shown tab: answers after two frames and a moment for them to reach the screen', async () => {
    const { answered, answer } = measure();
    await vi.advanceTimersByTimeAsync(0);
    paint();
    paint();
    await vi.advanceTimersByTimeAsync(50);
    expect(answered()).toBe(true);
    await expect(answer).resolves.toMatchObject({ currentSrc: src, kind: 'img' });
  });

  it('a tab in the background: answers at once, without waiting the bound for frames that never come', async () => {
    hidden = true;
    const { answered, answer } = measure();
    await vi.advanceTimersByTimeAsync(0);
    expect(answered()).toBe(true);
    await expect(answer).resolves.toMatchObject({ currentSrc: src });
    expect(frames).toEqual([]);
  });

  it('a tab sent to the background while its frames are awaited: answers as it is hidden', async () => {
    const { answered, answer } = await measureThenHide();
    expect(answered).toBe(true);
    await expect(answer).resolves.toMatchObject({ currentSrc: src });
  });

  it('an image still loading in a tab sent to the background: the decode is not waited for any longer', async () => {
    decodes = 'never';
    const { answered, answer } = await measureThenHide();
    expect(answered).toBe(true);
    await expect(answer).resolves.toMatchObject({ currentSrc: src });
  });
});
