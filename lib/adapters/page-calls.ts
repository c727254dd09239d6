import { t } from '../i18n';
import { browser } from 'wxt/browser';
import { CheckError } from '../errors';
import type { PageApi } from '../page/api';
import { gatheredFrom } from '../gather-reply';
import { MAX_CAPTION_CHARS, type GatheredCaption } from '../check-lifecycle';
import { PAGE_API_SLOT, PREFETCH_SLOT, READ_API_SLOT, READ_WAITING_SLOT, PageReplyError, parsePageReply, SLOT_PREFIX, type PageMethod, type PageReply } from '../page/protocol';
import type { CheckTarget, FrameTarget } from '../features/ports';
import { markStep, STEP_MARKS_SLOT } from '../step-marks';
import { PAGE_READABLE, PREFETCH_KEPT_MS, startPrefetch } from '../page/prefetch';

export type { CheckTarget };

// What the call answers when the page script is not (yet) installed in the frame.
const NO_PAGE_API = 'caption-check: no page API';

/** The page script sent to a frame: its injection, and whether that has run (or failed). */
interface SentScript {
  done: Promise<unknown>;
  settled: boolean;
  /** The selected caption the read script reads as it arrives (asked for by the image read that sent it), until taken. */
  selection?: { args: string; answer: Promise<unknown> };
}

/**
 * The script a method lives in, and the slot its API is installed under. The image read and the selected
 * caption have a small script of their own (entrypoints/read.ts, ~13 kB against page.js's ~97 kB): the
 * decode then starts at the click, not after the whole page script has arrived and compiled.
 */
const scriptOf = (method: PageMethod) =>
  method === 'readImage' || method === 'gatherSelection' ? ({ file: '/read.js', slot: READ_API_SLOT } as const) : ({ file: '/page.js', slot: PAGE_API_SLOT } as const);

/**
 * The page script sent to each frame ("tab:frame:file") by this worker instance, the latest last (a few hundred
 * at most): a later call there goes alone, and calls that find a new document wait for one script, not each their own.
 */
const sentTo = new Map<string, SentScript>();

/** The selected caption in the read script's answer ({ selection }: null when nothing is selected); undefined when it read none. */
const selectionIn = (value: unknown): unknown => (typeof value === 'object' && value !== null && 'selection' in value ? value.selection : undefined);

function sendScript(key: string, frame: { tabId: number; frameIds: number[] }, file: '/read.js' | '/page.js', selection?: unknown[]): Promise<unknown> {
  const done = browser.scripting.executeScript({ target: frame, files: [file], injectImmediately: true });
  const sent: SentScript = { done, settled: false };
  // The read script's answer (lib/page/read-start.ts): { selection } when it read the one asked for.
  if (selection) sent.selection = { args: JSON.stringify(selection), answer: done.then((results) => selectionIn(results[0]?.result), () => undefined) };
  const settle = () => {
    sent.settled = true;
  };
  sent.done.then(settle, settle); // a call waiting on it reports a failure
  sentTo.delete(key);
  sentTo.set(key, sent);
  if (sentTo.size > 200) sentTo.delete(sentTo.keys().next().value!);
  return sent.done;
}

/** Whether the read script's answer says it started (lib/page/read-start.ts): it then woke the calls waiting for it. */
const readScriptStarted = (results: unknown): boolean => {
  const answer = Array.isArray(results) ? (results[0] as { result?: unknown } | undefined)?.result : undefined;
  return typeof answer === 'object' && answer !== null && (answer as { started?: unknown }).started === true;
};

/**
 * Wakes the calls waiting in a frame for the read script (each then answers from the API if it is there, else that there
 * is none). Sent only when the script's injection ended without it starting: it failed to run, or ran and threw.
 */
function wakeWaiting(frame: { tabId: number; frameIds: number[] }): Promise<unknown> {
  return browser.scripting
    .executeScript({
      target: frame,
      injectImmediately: true,
      func: (waitFor: string) => {
        const slots = globalThis as unknown as Record<symbol, unknown>;
        const waiting = slots[Symbol.for(waitFor)] as { wake?: unknown } | undefined;
        delete slots[Symbol.for(waitFor)];
        for (const wake of Array.isArray(waiting?.wake) ? (waiting.wake as unknown[]) : []) if (typeof wake === 'function') (wake as () => void)();
      },
      args: [SLOT_PREFIX + READ_WAITING_SLOT],
    })
    .catch(() => undefined);
}

/**
 * Sends the read script; where its injection ends without the script having started (so no call waiting for it was
 * woken), the worker wakes them: the check then ends with an error instead of waiting for ever. No time limit: on a
 * slow machine the script starts late and wakes the call itself.
 */
function readScriptSent(key: string, frame: { tabId: number; frameIds: number[] }, selection: unknown[] | undefined): Promise<unknown> {
  return sendScript(key, frame, '/read.js', selection).then(
    (results) => {
      if (!readScriptStarted(results)) void wakeWaiting(frame);
      return results;
    },
    (error: unknown) => {
      void wakeWaiting(frame);
      throw error;
    },
  );
}

/**
 * Has the page start reading the image's bytes into the prefetch slot (lib/page/prefetch.ts: the same read, and
 * lifetime for bytes no check takes, as a click that woke the worker starts, early-read.ts). Sent before the call
 * and the read script, so it runs first; where the read API is there already, the call's readImage takes it at once.
 */
function prefetch(frame: { tabId: number; frameIds: number[] }, url: unknown): void {
  if (typeof url !== 'string' || !PAGE_READABLE.test(url)) return;
  browser.scripting
    .executeScript({
      target: frame,
      injectImmediately: true,
      func: startPrefetch,
      args: [url, SLOT_PREFIX + PREFETCH_SLOT, SLOT_PREFIX + READ_WAITING_SLOT, PREFETCH_KEPT_MS, [STEP_MARKS_SLOT.description!, 'page:prefetch']],
    })
    // The call sent after it meets the same refusal and reports it.
    .catch(() => undefined);
}

/** The selected caption the read script read as it arrived, for the same arguments (once); null when there is none. */
function takeSelection(key: string, args: unknown[]): Promise<unknown> | null {
  const sent = sentTo.get(key);
  if (!sent?.selection || sent.selection.args !== JSON.stringify(args)) return null;
  const { answer } = sent.selection;
  delete sent.selection;
  return answer;
}

/**
 * Calls one page-API method in a frame, injecting the page script first (activeTab lets us inject
 * into the tab the user acted on, and only there). The answer is checked against the method's schema
 * (lib/page/protocol.ts): one that does not pass throws PageReplyError.
 */
export async function callPage<M extends PageMethod>(
  target: FrameTarget,
  method: M,
  ...args: Parameters<PageApi[M]>
): Promise<PageReply<M>> {
  const frame = { tabId: target.tabId, frameIds: [target.frameId] };
  const script = scriptOf(method);
  // Injected at once, not at the page's idle time: a page still loading (its ads, its lazy images) would
  // otherwise hold the call back until it has finished, while the user waits on a page already shown.
  // `waitSlot`: sent together with the read script, the call waits for it to arrive (the script wakes it,
  // lib/page/read-start.ts) instead of answering that there is no API and being sent again; `selection`: the
  // selected caption the script then reads at once (gatherSelection's arguments), taken by that call later.
  const call = (waitSlot: string | null = null, selection: unknown[] | null = null) =>
    browser.scripting.executeScript({
      target: frame,
      injectImmediately: true,
      // Runs in the page's isolated world: self-contained, it only looks the API up by its symbol key
      // (lib/page/isolated-slot.ts: a string-named global could be shadowed by the page's named elements).
      func: (slotName: string, name: string, callArgs: unknown[], missing: string, waitFor: string | null, selectionArgs: unknown[] | null) => {
        const slots = globalThis as unknown as Record<symbol, unknown>;
        const apiNow = () => slots[Symbol.for(slotName)] as Record<string, (...a: unknown[]) => unknown> | undefined;
        const api = apiNow();
        if (api) return api[name]?.(...callArgs);
        if (!waitFor) return missing;
        // No clock: the script wakes the call as it starts, however slow the machine; should it fail before that,
        // the worker wakes the call itself once the script's injection has ended (wakeWaiting below).
        return new Promise((resolve) => {
          const waiting = (slots[Symbol.for(waitFor)] ??= { selection: null, wake: [] }) as { selection: unknown; wake: (() => void)[] };
          if (selectionArgs) waiting.selection = selectionArgs;
          waiting.wake.push(() => {
            const ready = apiNow();
            resolve(ready ? ready[name]?.(...callArgs) : missing);
          });
        });
      },
      args: [SLOT_PREFIX + script.slot, method, args, NO_PAGE_API, waitSlot, selection],
    });
  let answer: unknown;
  markStep(`call:${method}`);
  const key = `${target.tabId}:${target.frameId}:${script.file}`;
  // A check's image read comes before its caption: a selection read for an earlier check is not this one's.
  if (method === 'readImage') delete sentTo.get(key)?.selection;
  const early = method === 'gatherSelection' ? takeSelection(key, args) : null;
  const selected = early ? await early : undefined;
  if (selected !== undefined) {
    markStep(`answer:${method}`);
    return parsePageReply(method, selected);
  }
  try {
    // Where this worker has sent the script before (the check's image read, a moment ago), the call goes
    // alone. Finding no API there, it waits for the script sent last if that had not run yet (a file
    // arrives after a function sent with it) and asks again; where it had, the frame holds a new
    // document since, and this call sends the script.
    const known = sentTo.get(key);
    if (known) {
      // A script still on its way (the image read sent it a moment ago) is waited for before the call goes: sent
      // before it, the call would only find no API there and go again, one more injection on the way to the request.
      if (!known.settled) await known.done.catch(() => undefined);
      let sent: SentScript | undefined = known;
      let ranBefore = known.settled;
      answer = (await call())[0]?.result;
      while (answer === NO_PAGE_API && sent && !(ranBefore && sentTo.get(key) === sent)) {
        sent = sentTo.get(key);
        if (!sent) break;
        ranBefore = true;
        await sent.done;
        answer = (await call())[0]?.result;
      }
    }
    if (!known || answer === NO_PAGE_API) {
      // The script and the call are sent together, not one after the other's answer (one round trip to
      // the page fewer). Sent with the read script, the call waits for it, and goes first (a function needs no
      // file read, so it usually runs first); an image read also has the script read the selected caption as
      // it arrives. A call sent with page.js that runs first says so and is sent again.
      const selection = method === 'readImage' ? [args[0], MAX_CAPTION_CHARS] : undefined;
      // An image read has the page start reading the bytes first, before the script arrives (readImage takes them).
      if (method === 'readImage') prefetch(frame, args[0]);
      const [called] =
        script.file === '/read.js'
          ? await Promise.all([call(SLOT_PREFIX + READ_WAITING_SLOT, selection), readScriptSent(key, frame, selection)])
          : [(await Promise.all([sendScript(key, frame, script.file), call()]))[1]];
      answer = called[0]?.result;
      if (answer === NO_PAGE_API) answer = (await call())[0]?.result;
    }
  } catch (cause) {
    throw new CheckError(
      'page',
      t('errPageOffLimits'),
      null,
      { cause },
    );
  }
  markStep(`answer:${method}`);
  return parsePageReply(method, answer);
}

/** Where each tab's caption chooser is open (frame id), so a cancel from the popup can close it. */
const choosing = new Map<number, { frameId: number }>();

/**
 * Reads the caption inside the image's own frame: the selection, else what the user confirms in the
 * in-page chooser (this waits for them). A frame we cannot script (from another site: activeTab
 * reaches only the tab's own origin) is asked about from the top frame, by its <iframe>; its image then
 * comes from a screenshot of that frame (acquire.ts). Null when the user cancelled.
 */
export async function gatherFromFrame(target: CheckTarget, chooserOpens: () => void = () => {}): Promise<GatheredCaption | null> {
  // The page bounds what it sends by the cap (a selection one character past it, so a cut is noticed).
  const maxChars = MAX_CAPTION_CHARS;
  const where = { frameId: target.frameId };
  choosing.set(target.tabId, where);
  let found;
  try {
    // A selection is read by the small read script the image read brought (the common case: no page.js
    // before the request); without one, the page script's chooser asks.
    found = await callPage(target, 'gatherSelection', target.srcUrl, maxChars);
    if (!found) {
      chooserOpens();
      found = await callPage(target, 'gather', target.srcUrl, maxChars);
    }
  } catch (error) {
    // Only a frame we could not script is asked about from the top frame; a bad answer is an answer.
    if (target.frameId === 0 || !(error instanceof CheckError && error.kind === 'page') || error instanceof PageReplyError) throw error;
    where.frameId = 0;
    chooserOpens();
    found = await callPage({ tabId: target.tabId, frameId: 0 }, 'gatherAroundFrame', target.frameUrl ?? '', target.srcUrl, maxChars);
  } finally {
    if (choosing.get(target.tabId) === where) choosing.delete(target.tabId);
  }
  return gatheredFrom(found, target.srcUrl);
}

/** Closes the caption chooser a check on this tab is waiting on, if any, as if the user cancelled it. */
export async function closeChooserIn(tabId: number): Promise<void> {
  const where = choosing.get(tabId);
  if (where) await callPage({ tabId, frameId: where.frameId }, 'closeChooser').catch(() => undefined);
}
