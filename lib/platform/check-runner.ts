import { browser } from 'wxt/browser';
import { badgeFor, type CheckJob } from '../check';
import { CheckError } from '../errors';
import { runCheck, MAX_CAPTION_CHARS, type GatheredCaption } from '../jobs';
import { gatherCaption, type PageCaption } from '../page/gather-caption';
import { configuredEndpoint, type Settings } from '../settings';
import { createClient } from '../verify/client';
import { verifyClaims } from '../verify/verify';
import { fetchImage } from './image';
import { loadSettings, outputModesItem, saveJob } from './storage';

export interface CheckRequest {
  tabId: number;
  frameId: number;
  srcUrl: string;
  pageUrl: string;
}

const running = new Map<number, AbortController>();

async function showBadge(job: CheckJob): Promise<void> {
  const badge = badgeFor(job);
  await Promise.all([
    browser.action.setBadgeText({ tabId: job.tabId, text: badge.text }),
    browser.action.setBadgeBackgroundColor({ tabId: job.tabId, color: badge.color }),
  ]);
}

async function gatherFromFrame(request: CheckRequest): Promise<GatheredCaption> {
  let results;
  try {
    results = await browser.scripting.executeScript({
      target: { tabId: request.tabId, frameIds: [request.frameId] },
      func: gatherCaption,
      args: [request.srcUrl, MAX_CAPTION_CHARS],
    });
  } catch (cause) {
    throw new CheckError('page', 'Caption Check cannot read this page (browser pages and the web store are off limits). Try the image on another page.', null, { cause });
  }
  const found = results[0]?.result as PageCaption | undefined;
  if (!found) throw new CheckError('page', 'The page did not answer. Reload it and try again.');
  return { caption: found.caption, pageUrl: found.pageUrl, imageUrl: found.imageUrl };
}

/** Keeps the worker alive while a request is in flight: an extension API call resets Chrome's idle timer. */
function keepAlive(): () => void {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  return () => clearInterval(timer);
}

/** Starts a check for the image the user right-clicked; its progress lands in session storage. */
export async function startCheck(request: CheckRequest, now: () => number = Date.now): Promise<CheckJob> {
  running.get(request.tabId)?.abort();
  const controller = new AbortController();
  running.set(request.tabId, controller);
  const settings: Settings = await loadSettings();
  const endpoint = configuredEndpoint(settings);
  const stop = keepAlive();
  const modeKey = `${settings.baseUrl}|${settings.model}`;
  try {
    return await runCheck(
      {
        id: crypto.randomUUID(),
        tabId: request.tabId,
        model: settings.model,
        maxClaims: settings.maxClaims,
        pageUrl: request.pageUrl,
        imageUrl: request.srcUrl,
      },
      {
        now,
        save: async (job) => {
          await saveJob(job);
          await showBadge(job);
        },
        gather: async () => {
          if (!endpoint)
            throw new CheckError('not-configured', 'Caption Check has no model endpoint yet. Open Options and enter a Base URL and model.');
          return gatherFromFrame(request);
        },
        acquireImage: (url) => fetchImage(url, settings.maxImageEdge, controller.signal),
        verify: async (claims, imageDataUrl, onVerdict) => {
          const client = createClient(endpoint!, { timeoutMs: settings.timeoutSeconds * 1000 });
          const remembered = (await outputModesItem.getValue())[modeKey];
          return verifyClaims({
            client,
            model: endpoint!.model,
            claims,
            imageDataUrl,
            signal: controller.signal,
            stream: settings.stream,
            concurrency: settings.concurrency,
            ...(remembered ? { outputMode: remembered } : {}),
            onVerdict,
            onOutputMode: (mode) => {
              if (mode !== remembered) void outputModesItem.getValue().then((all) => outputModesItem.setValue({ ...all, [modeKey]: mode }));
            },
          });
        },
      },
    );
  } finally {
    stop();
    if (running.get(request.tabId) === controller) running.delete(request.tabId);
  }
}

/** Cancels the tab's running check; verdicts that arrived stay. */
export function cancelCheck(tabId: number): boolean {
  const controller = running.get(tabId);
  controller?.abort();
  return Boolean(controller);
}
