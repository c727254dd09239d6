import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CheckError } from '@/lib/errors';
import { PageReplyError } from '@/lib/page/protocol';
import { PAGE_API_SLOT, PREFETCH_SLOT, READ_API_SLOT, SLOT_PREFIX } from '@/lib/page/slot-names';
import { callPage, gatherFromFrame } from '@/lib/adapters/page-calls';
import { startReadScript } from '@/lib/page/read-start';
import { MAX_CAPTION_CHARS } from '@/lib/check-lifecycle';
import type { ReadApi } from '@/lib/page/read-api';
import { PREFETCH_KEPT_MS, startPrefetch } from '@/lib/page/prefetch';
import { startEarlyRead } from '@/lib/adapters/early-read';
import { MENU_IDS } from '@/lib/features/menu-ids';

interface Injection {
  target: unknown;
  files?: string[];
  func?: (...args: unknown[]) => unknown;
  args?: unknown[];
}

const slot = Symbol.for(SLOT_PREFIX + PAGE_API_SLOT);
const readSlot = Symbol.for(SLOT_PREFIX + READ_API_SLOT);
const prefetchSlot = Symbol.for(SLOT_PREFIX + PREFETCH_SLOT);
const slots = globalThis as unknown as Record<symbol, unknown>;

/**
 * A frame for the worker's scripting calls: the page script installs a page API here (this process's
 * global stands in for the frame's isolated world), a call runs its function for real. `order` decides
 * which of the two injections sent together runs first ("script late": a file runs after the calls sent with it and just after).
 */
function frame(order: 'script first' | 'call first' | 'script late' | 'call late' | 'unscriptable' | 'script held' | 'script broken') {
  const ran: string[] = [];
  const run = (injection: Injection): { value: unknown } => {
    if (injection.files) {
      ran.push('script');
      // "script broken": the file ran and threw before it started (nothing installed, no call woken).
      if (order === 'script broken') return { value: undefined };
      // Each script installs its API under its own slot: the image read's small one (as read.js starts, answering
      // the selection the call that sent it asked for and waking that call), or the page script.
      const api = {
        readSelection: (max: number) => 'A red kite'.slice(0, max),
        // A selection only where the test made one; the chooser's answer otherwise.
        gatherSelection: (srcUrl: string) => (selected ? { ...captionOf(srcUrl), caption: selected, source: 'selection' as const } : null),
        gather: (srcUrl: string) => ({ ...captionOf(srcUrl), caption: selected || 'A kite in the chooser', source: selected ? ('selection' as const) : ('chooser' as const) }),
        // What the page's readImage does first: take the read the call started, if any (its URL as the message).
        readImage: () => {
          const early = slots[prefetchSlot] as { url: string } | undefined;
          delete slots[prefetchSlot];
          return { error: { fatal: false, message: early ? `took the early read of ${early.url}` : 'read from the start', url: 'https://news.example/photo.jpg' } };
        },
      };
      if (injection.files[0] === '/read.js') return { value: startReadScript(api as unknown as ReadApi) };
      slots[slot] = api;
      return { value: undefined };
    }
    ran.push(injection.func === startPrefetch ? 'prefetch' : 'call');
    return { value: injection.func!(...(injection.args ?? [])) };
  };
  let held: (() => void) | null = null;
  fakeBrowser.scripting.executeScript = (async (injection: Injection) => {
    // The image read's early read (lib/page/prefetch.ts): a function like a call, run in the order it was sent.
    const prefetch = injection.func === startPrefetch;
    ran.push(injection.files ? 'sent script' : prefetch ? 'sent prefetch' : 'sent call');
    if (injection.files) files.push(...injection.files);
    // The answer comes back on a later turn, as from another process.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (order === 'unscriptable') throw new Error('Cannot access contents of the page');
    if (prefetch) return [{ result: run(injection).value }];
    // "call first": the page script waits until the first call has run.
    if (order === 'call first' && injection.files && !ran.includes('call')) await new Promise<void>((resolve) => (held = resolve));
    // "script held": the file runs only when the test releases it (a machine so slow that it starts long after the call).
    if (order === 'script held' && injection.files) await new Promise<void>((resolve) => (releaseScript = resolve));
    // "script late": a file is read from disk before it runs, so calls sent after it still arrive first.
    if (order === 'script late' && injection.files) await new Promise((resolve) => setTimeout(resolve, 20));
    // "call late": the first call runs after the script sent with it.
    if (order === 'call late' && !injection.files && !ran.includes('script')) await new Promise((resolve) => setTimeout(resolve, 20));
    const { value } = run(injection);
    held?.();
    held = null;
    // A call that returns a promise is answered once it settles, as the browser does.
    return [{ result: await value }];
  }) as unknown as typeof fakeBrowser.scripting.executeScript;
  return ran;
}

/** Lets the held script run ("script held"). */
let releaseScript: (() => void) | null = null;

/** The script files sent, in order. */
const files: string[] = [];

/** The text selected in the fake frame ("" for none). */
let selected = '';
const captionOf = (srcUrl: string) => ({ credit: '', pageUrl: 'https://news.example/', imageUrl: srcUrl, lang: 'en', pageTitle: 'News' });

// The fake browser is shared with the other files of the run (vitest.config.ts: isolate false): its own
// executeScript is put back after each test.
const ownExecuteScript = fakeBrowser.scripting.executeScript;

describe('callPage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    files.length = 0;
    selected = '';
  });
  afterEach(() => {
    delete slots[slot];
    delete slots[readSlot];
    delete slots[prefetchSlot];
    fakeBrowser.scripting.executeScript = ownExecuteScript;
  });

  it('sends the page script and the call together, and answers from the page API', async () => {
    const ran = frame('script first');
    await expect(callPage({ tabId: 1, frameId: 0 }, 'readSelection', 5)).resolves.toBe('A red');
    // Both were sent before either ran: one round trip to the page, not two.
    expect(ran).toEqual(['sent script', 'sent call', 'script', 'call']);
    expect(files).toEqual(['/page.js']);
  });

  it('sends the image read its own small script, and the page script only to a call that needs it', async () => {
    const ran = frame('script first');
    await callPage({ tabId: 10, frameId: 0 }, 'readImage', 'https://news.example/photo.jpg', 1024);
    expect(files).toEqual(['/read.js']);
    await expect(callPage({ tabId: 10, frameId: 0 }, 'readSelection', 5)).resolves.toBe('A red');
    expect(files).toEqual(['/read.js', '/page.js']);
    // A second read goes alone: the read script is there.
    await callPage({ tabId: 10, frameId: 0 }, 'readImage', 'https://news.example/photo.jpg', 1024);
    expect(files).toEqual(['/read.js', '/page.js']);
    expect(ran.slice(-2)).toEqual(['sent call', 'call']);
  });

  it('reads a selected caption with the small read script, and sends the page script only for the chooser', async () => {
    frame('script first');
    selected = 'A red kite over the bay.';
    const target = { tabId: 11, frameId: 0, srcUrl: 'https://news.example/kite.jpg', pageUrl: 'https://news.example/' };
    await expect(gatherFromFrame(target)).resolves.toMatchObject({ caption: 'A red kite over the bay.', imageUrl: target.srcUrl });
    expect(files).toEqual(['/read.js']);
    selected = '';
    await expect(gatherFromFrame({ ...target, tabId: 12 })).resolves.toMatchObject({ caption: 'A kite in the chooser' });
    expect(files).toEqual(['/read.js', '/read.js', '/page.js']);
  });

  it('says a chooser opens only when no selection answered, before the page script is sent for it', async () => {
    frame('script first');
    const target = { tabId: 13, frameId: 0, srcUrl: 'https://news.example/kite.jpg', pageUrl: 'https://news.example/' };
    const opened: string[][] = [];
    selected = 'A red kite over the bay.';
    await expect(gatherFromFrame(target, () => opened.push([...files]))).resolves.toMatchObject({ caption: 'A red kite over the bay.' });
    expect(opened).toEqual([]);
    selected = '';
    await expect(gatherFromFrame({ ...target, tabId: 14 }, () => opened.push([...files]))).resolves.toMatchObject({ caption: 'A kite in the chooser' });
    expect(opened).toEqual([['/read.js', '/read.js']]);
  });

  it('sends the call again when it ran before the page script was installed', async () => {
    const ran = frame('call first');
    await expect(callPage({ tabId: 2, frameId: 0 }, 'readSelection', 40)).resolves.toBe('A red kite');
    expect(ran).toEqual(['sent script', 'sent call', 'call', 'script', 'sent call', 'call']);
  });

  // Each test below uses its own tab: the worker remembers where it sent the script.
  it('sends a later call in the same frame alone: the script is there', async () => {
    const ran = frame('script first');
    await callPage({ tabId: 3, frameId: 0 }, 'readSelection', 5);
    await expect(callPage({ tabId: 3, frameId: 0 }, 'readSelection', 3)).resolves.toBe('A r');
    expect(ran).toEqual(['sent script', 'sent call', 'script', 'call', 'sent call', 'call']);
    // Another frame of the tab is another document: it gets the script.
    await callPage({ tabId: 3, frameId: 7 }, 'readSelection', 5);
    expect(ran.slice(6)).toEqual(['sent script', 'sent call', 'script', 'call']);
  });

  it('a call sent while the script is on its way waits for it instead of sending it again', async () => {
    const ran = frame('call first');
    const answers = await Promise.all([callPage({ tabId: 4, frameId: 0 }, 'readSelection', 5), callPage({ tabId: 4, frameId: 0 }, 'readSelection', 3)]);
    expect(answers).toEqual(['A red', 'A r']);
    expect(ran.filter((step) => step === 'sent script')).toHaveLength(1);
  });

  it('the image read and the selected caption together: one call and the read script, which answers the caption as it arrives', async () => {
    const ran = frame('script late');
    selected = 'A red kite over the bay.';
    const target = { tabId: 15, frameId: 0 };
    const [image, caption] = await Promise.all([callPage(target, 'readImage', 'https://news.example/photo.jpg', 1024), callPage(target, 'gatherSelection', 'https://news.example/photo.jpg', MAX_CAPTION_CHARS)]);
    expect('error' in image && image.error.message).toBe('took the early read of https://news.example/photo.jpg');
    expect(caption).toMatchObject({ caption: 'A red kite over the bay.' });
    // The image read's call waited for its script instead of being sent again, and the caption needed no call of its own.
    expect(ran).toEqual(['sent prefetch', 'sent call', 'sent script', 'prefetch', 'call', 'script']);
  });

  it('where the read script runs before the call sent with it, the caption is asked for by its own call', async () => {
    const ran = frame('call late');
    selected = 'A red kite over the bay.';
    const target = { tabId: 16, frameId: 0 };
    const [image, caption] = await Promise.all([callPage(target, 'readImage', 'https://news.example/photo.jpg', 1024), callPage(target, 'gatherSelection', 'https://news.example/photo.jpg', MAX_CAPTION_CHARS)]);
    // The read sent ahead of both ran first, and the image read took it.
    expect('error' in image && image.error.message).toBe('took the early read of https://news.example/photo.jpg');
    expect(slots[prefetchSlot]).toBeUndefined();
    expect(caption).toMatchObject({ caption: 'A red kite over the bay.' });
    expect(ran.filter((step) => step === 'sent call')).toHaveLength(2);
  });

  it('a selection the read script read for one check is never the caption of the next', async () => {
    frame('script late');
    selected = 'The first caption.';
    const target = { tabId: 17, frameId: 0 };
    // A check whose caption was known (a re-run) reads the image only: the selection read with it goes unused.
    await callPage(target, 'readImage', 'https://news.example/photo.jpg', 1024);
    selected = 'The second caption.';
    const [, caption] = await Promise.all([callPage(target, 'readImage', 'https://news.example/photo.jpg', 1024), callPage(target, 'gatherSelection', 'https://news.example/photo.jpg', MAX_CAPTION_CHARS)]);
    expect(caption).toMatchObject({ caption: 'The second caption.' });
  });

  it('sends the script again to a frame that has loaded a new document, once for calls made together', async () => {
    const ran = frame('script first');
    await callPage({ tabId: 5, frameId: 0 }, 'readSelection', 5);
    delete slots[slot]; // the frame navigated: our isolated world is gone with the old document
    const answers = await Promise.all([callPage({ tabId: 5, frameId: 0 }, 'readSelection', 5), callPage({ tabId: 5, frameId: 0 }, 'readSelection', 3)]);
    expect(answers).toEqual(['A red', 'A r']);
    expect(ran.filter((step) => step === 'sent script')).toHaveLength(2);
  });

  it('says the page cannot be read when the frame refuses scripts', async () => {
    frame('unscriptable');
    const failure = await callPage({ tabId: 6, frameId: 0 }, 'readSelection', 5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckError);
    expect((failure as CheckError).kind).toBe('page');
  });

  describe('the image read, when the call arrives before the page script', () => {
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    beforeEach(() => {
      fetched.length = 0;
      // The frame's fetch: the image's bytes from the HTTP cache.
      globalThis.fetch = (async (input: string) => {
        fetched.push(String(input));
        return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200 });
      }) as typeof fetch;
    });
    afterEach(() => {
      globalThis.fetch = realFetch;
      delete slots[prefetchSlot];
    });

    it('starts reading the bytes at once, and readImage takes that read', async () => {
      const ran = frame('call first');
      const answer = await callPage({ tabId: 7, frameId: 0 }, 'readImage', 'https://news.example/photo.jpg', 1024);
      expect('error' in answer && answer.error.message).toBe('took the early read of https://news.example/photo.jpg');
      // The read went first; the call waited for the script it was sent with: not sent again.
      expect(ran).toEqual(['sent prefetch', 'sent call', 'sent script', 'prefetch', 'call', 'script']);
      expect(fetched).toEqual(['https://news.example/photo.jpg']);
      expect(slots[prefetchSlot]).toBeUndefined();
    });

    describe('with the page\'s clock in the test\'s hands', () => {
      beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
      afterEach(() => vi.useRealTimers());
      const url = 'https://news.example/photo.jpg';

      it('a read script that starts a minute after the call (a slow machine) still answers it: no time limit, no call sent again', async () => {
        const ran = frame('script held');
        let settled = false;
        const answer = callPage({ tabId: 18, frameId: 0 }, 'readImage', url, 1024).finally(() => (settled = true));
        await vi.advanceTimersByTimeAsync(60_000);
        expect(ran).toEqual(['sent prefetch', 'sent call', 'sent script', 'prefetch', 'call']);
        expect(settled).toBe(false);
        releaseScript!();
        await vi.advanceTimersByTimeAsync(10);
        const image = await answer;
        // The read the call started at once is the one that answered (read once, decoded once).
        expect('error' in image && image.error.message).toBe(`took the early read of ${url}`);
        expect(ran).toEqual(['sent prefetch', 'sent call', 'sent script', 'prefetch', 'call', 'script']);
      });

      it('a read script that fails before it starts ends the call with an error at once, not after a wait', async () => {
        const ran = frame('script broken');
        let outcome: unknown = 'still waiting';
        void callPage({ tabId: 19, frameId: 0 }, 'readImage', url, 1024).then(
          () => (outcome = 'answered'),
          (error: unknown) => (outcome = error),
        );
        // Ten milliseconds of the page's time: the fake frame's turns, far less than any limit.
        await vi.advanceTimersByTimeAsync(10);
        expect(outcome).toBeInstanceOf(PageReplyError);
        // The worker woke the waiting call itself, then asked once more.
        expect(ran).toEqual(['sent prefetch', 'sent call', 'sent script', 'prefetch', 'call', 'script', 'sent call', 'call', 'sent call', 'call']);
      });

      it('bytes a check never took (its read script failed) are let go within a minute, not kept until the page unloads', async () => {
        frame('script broken');
        const answer = callPage({ tabId: 20, frameId: 0 }, 'readImage', url, 1024).catch((error: unknown) => error);
        await vi.advanceTimersByTimeAsync(10);
        expect(await answer).toBeInstanceOf(PageReplyError);
        // The read it started is still in the page, taken by no one.
        expect(slots[prefetchSlot]).toMatchObject({ url });
        await vi.advanceTimersByTimeAsync(PREFETCH_KEPT_MS);
        expect(slots[prefetchSlot]).toBeUndefined();
      });

      it('bytes read at a click that woke the worker: let go after a minute untaken; a check still waiting for its read script then keeps them', async () => {
        frame('script held');
        const click = { menuItemId: MENU_IDS.checkImage, srcUrl: url, frameId: 0 };
        // A check that never reads the image (it failed before): the bytes go a minute after the click.
        startEarlyRead(click, 21);
        await vi.advanceTimersByTimeAsync(10);
        expect(slots[prefetchSlot]).toMatchObject({ url });
        await vi.advanceTimersByTimeAsync(PREFETCH_KEPT_MS);
        expect(slots[prefetchSlot]).toBeUndefined();
        // A slow machine: the engine's call comes 50 s after the click, and its read script two minutes after that.
        fetched.length = 0;
        startEarlyRead(click, 22);
        await vi.advanceTimersByTimeAsync(50_000);
        const answer = callPage({ tabId: 22, frameId: 0 }, 'readImage', url, 1024);
        await vi.advanceTimersByTimeAsync(2 * PREFETCH_KEPT_MS);
        releaseScript!();
        await vi.advanceTimersByTimeAsync(10);
        // The check took the bytes read at the click: read once.
        const image = await answer;
        expect('error' in image && image.error.message).toBe(`took the early read of ${url}`);
        expect(fetched).toEqual([url]);
        expect(slots[prefetchSlot]).toBeUndefined();
      });
    });

    it('starts no read for another method, nor for a URL the page could not fetch', async () => {
      frame('call first');
      await callPage({ tabId: 8, frameId: 0 }, 'readSelection', 5);
      frame('call first');
      const answer = await callPage({ tabId: 9, frameId: 0 }, 'readImage', 'chrome://favicon/x', 1024);
      expect('error' in answer && answer.error.message).toBe('read from the start');
      expect(fetched).toEqual([]);
    });
  });
});
