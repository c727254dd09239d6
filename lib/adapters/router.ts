import { t } from '../i18n';
import { browser, type Browser } from 'wxt/browser';
import { messageSchema, type FailureReply, type Message, type MessageOf, type MessageResponse, type MessageType, type Reply } from '../messages';
import { configuredEndpoint } from '../settings';
import { cancelCheck, checkImage, checkWelcomeSample } from '../features/check-image';
import { cancelPageCheck, listPageCheck, runnablePageCheck, runPageCheck } from '../features/check-page';
import { clearMarks, focusClaim } from '../features/marks';
import { openPageCheckRow } from '../features/open-row';
import { markPageCheck } from '../features/page-marks';
import { pickAndCheck } from '../features/pick';
import { comparable, compare, recheck, recheckable } from '../features/recheck';
import { CheckError } from '../errors';
import { savedKeyFor } from '../key-origin';
import { browserPlatform as platform } from './browser-platform';
import { listModels, testConnection } from './connection';
import { loadHistory } from './history-store';
import { loadJob, loadSettings } from './storage';

/** Runs a long task without holding the message open; its failure ends up in the job it updates. */
function inBackground(task: Promise<unknown>): { ok: true } {
  task.catch(() => {});
  return { ok: true };
}

/** A request the tab's state does not allow now, with the sentence that says what to do first. */
function notNow(error: string): FailureReply {
  return { ok: false, error, kind: 'wrong-state' };
}

/** Lists a page check for the popup; a page out of reach fails with the sentence that says why (see handleMessage). */
async function listed(tabId: number, kind: 'captions' | 'alt') {
  return { ok: true as const, data: await listPageCheck(platform, tabId, kind) };
}

type Handlers = { [T in MessageType]: (message: MessageOf<T>) => Promise<Reply<T>> };

/** One handler per message type; adding a message to lib/messages.ts without a handler fails the type check. */
const handlers: Handlers = {
  pickImage: async ({ tabId }) => inBackground(pickAndCheck(platform, { tabId, frameId: 0 })),
  cancelCheck: async ({ tabId }) => ({ ok: cancelCheck(platform, tabId) }),
  rerunCheck: async ({ tabId, provider, split }) => {
    const job = await loadJob(tabId);
    if (!job) return notNow(t('notNowNoCheck'));
    // The caption was settled the first time: a re-run does not ask again.
    void checkImage(platform, { tabId, frameId: 0, srcUrl: job.imageUrl, pageUrl: job.pageUrl }, { caption: job.caption, credit: job.credit, fresh: true, recheckOf: job.id, ...(provider ? { provider } : {}), ...(split ? { split } : {}) });
    return { ok: true };
  },
  recheckClaims: async ({ tabId, claims }) => {
    if (!recheckable(await loadJob(tabId))) return notNow(t('notNowWait'));
    return inBackground(recheck(platform, tabId, claims));
  },
  compareModel: async ({ tabId, model, baseUrl }) => {
    if (!comparable(await loadJob(tabId))) return notNow(t('notNowCompare'));
    return inBackground(compare(platform, tabId, model, baseUrl));
  },
  testConnection: async () => ({ ok: true, data: await testConnection(await loadSettings()) }),
  listModels: async ({ baseUrl, apiKey }) => {
    const settings = await loadSettings();
    const url = baseUrl ?? settings.baseUrl;
    if (!url) return { ok: true, data: [] };
    // The saved key is only sent back to the endpoint it was saved for.
    const key = apiKey ?? savedKeyFor(settings, url);
    return { ok: true, data: await listModels(url, key) };
  },
  getSetup: async () => {
    const settings = await loadSettings();
    const endpoint = configuredEndpoint(settings);
    return { ok: true, data: { configured: endpoint !== null || settings.provider === 'builtin', baseUrl: endpoint?.baseUrl ?? '', model: endpoint?.model ?? '' } };
  },
  clearMarks: async ({ tabId }) => {
    await clearMarks(platform, tabId);
    return { ok: true };
  },
  focusClaim: async ({ tabId, claim, scroll }) => ({ ok: await focusClaim(platform, tabId, claim, scroll) }),
  checkPage: async ({ tabId }) => listed(tabId, 'captions'),
  auditAltText: async ({ tabId }) => listed(tabId, 'alt'),
  checkSample: async ({ tabId, sampleId }) => inBackground(checkWelcomeSample(platform, tabId, sampleId)),
  cancelPageCheck: async ({ tabId }) => ({ ok: cancelPageCheck(platform, tabId) }),
  showOnPage: async ({ tabId, id }) => ({ ok: await markPageCheck(platform, tabId, id) }),
  openPageCheckRow: async ({ tabId, id }) => {
    await openPageCheckRow(platform, tabId, id, async (jobId) => (await loadHistory()).find((e) => e.id === jobId)?.job ?? null);
    return { ok: true };
  },
  runPageCheck: async ({ tabId, ids }) => {
    if (!(await runnablePageCheck(platform, tabId))) return notNow(t('errListAgain'));
    return inBackground(runPageCheck(platform, tabId, ids));
  },
};

/**
 * Whether a message comes from one of our own extension pages (popup, options — also when opened
 * in a tab). Our page script runs in web pages with our extension id too, so the id alone is not
 * enough: the sender's URL must be inside the extension.
 */
function isOwnPage(sender: Browser.runtime.MessageSender): boolean {
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(browser.runtime.getURL('/'));
}

/**
 * Validates a message and its sender (our own extension pages only), then runs its handler. A
 * CheckError thrown by a handler is answered with its own kind, so the page shows the fix the worker meant.
 */
export function handleMessage(raw: unknown, sender: Browser.runtime.MessageSender): Promise<MessageResponse> | undefined {
  if (!isOwnPage(sender)) return undefined;
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) return Promise.resolve({ ok: false, error: t('errUnknownMessage'), kind: 'bad-message' });
  const message = parsed.data;
  return (handlers[message.type] as (m: Message) => Promise<MessageResponse>)(message).catch((error: unknown) => {
    if (error instanceof CheckError) return { ok: false as const, error: error.message, kind: error.kind };
    throw error;
  });
}
