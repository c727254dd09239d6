// A Platform for the features' unit tests: in-memory stores, a scripted page, a model step the test
// gives, and a record of what the features asked of the browser. No browser, no fake of the feature.
import type { CheckJob } from '@/lib/job-record';
import { CheckError } from '@/lib/errors';
import { createTabTasks } from '@/lib/features/tab-tasks';
import type { CallPage, ModelChoice, Platform } from '@/lib/features/ports';
import { createTranslate } from '@/lib/i18n';
import type { AcquiredImage, GatheredCaption, ModelStep } from '@/lib/check-lifecycle';
import type { PageApi } from '@/lib/page/api';
import type { PageCheck } from '@/lib/page-check-state';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import type { WaitingCheck } from '@/lib/waiting-check';

/** How the fake page answers: a method left out behaves as a page we may not script. */
export type FakePage = { [M in keyof PageApi]?: (frameId: number, ...args: Parameters<PageApi[M]>) => ReturnType<PageApi[M]> | Awaited<ReturnType<PageApi[M]>> };

export interface FakeOptions {
  page?: FakePage;
  settings?: Partial<Settings>;
  /** The model's answers; by default every claim is supported. */
  verify?: ModelStep;
  /** The model step as made for a task's signal (for tests of cancelling); overrides `verify`. */
  model?: (signal: AbortSignal) => ModelStep;
  /** The caption the chooser returns (null: the user cancelled); a function may wait for the test. */
  caption?: GatheredCaption | null | ((target: { srcUrl: string }) => Promise<GatheredCaption | null>);
  /** A caption the user selected on the page: it answers at once, and no chooser opens. */
  selected?: GatheredCaption;
  image?: AcquiredImage;
}

/** Every supported verdict, streamed one by one. */
export const allSupported: ModelStep = async (claims, _image, onVerdict) => {
  const verdicts = claims.map(() => ({ reasoning: 'seen', label: true, error_type: [] }));
  verdicts.forEach((v, i) => onVerdict(i, v));
  return { verdicts, usage: { promptTokens: 10, completionTokens: 5 }, notes: [] };
};

/** A fake platform and what it recorded. */
export function fakePlatform(options: FakeOptions = {}) {
  const jobs = new Map<number, CheckJob>();
  const saved: CheckJob[] = [];
  const images = new Map<number, string>();
  const pageChecks = new Map<number, PageCheck>();
  const history: CheckJob[] = [];
  const pageCalls: { method: string; frameId: number; args: unknown[] }[] = [];
  const badges = new Map<number, string>();
  const waiting = new Map<number, WaitingCheck>();
  const events: string[] = [];
  const settings: Settings = { ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:9/v1', model: 'vision-1', ...options.settings };
  const model = options.model ?? (() => options.verify ?? allSupported);
  const modelsAsked: { model: string; baseUrl: string; apiKey: string }[] = [];
  let clock = 1_000;
  let ids = 0;

  const callPage = (async (target, method, ...args) => {
    pageCalls.push({ method, frameId: target.frameId, args });
    const handler = options.page?.[method] as ((frameId: number, ...a: unknown[]) => unknown) | undefined;
    if (!handler) throw new CheckError('page', 'Caption Check cannot read this page.');
    return handler(target.frameId, ...args);
  }) as CallPage;

  const choice = (chosen: Settings): ModelChoice => ({
    provider: 'endpoint',
    label: chosen.model,
    assertReady: () => {},
    // As the endpoint's verifier does, the request is announced as it leaves (a verdict-cache hit sends none).
    verifier: (signal, options) => {
      const step = model(signal);
      return (...args: Parameters<typeof step>) => {
        options?.onRequest?.();
        return step(...args);
      };
    },
  });

  const platform: Platform = {
    tasks: createTabTasks({ ping: () => events.push('ping'), every: 20_000 }),
    callPage,
    gatherCaption: async (target, chooserOpens) => {
      if (options.selected) return options.selected;
      events.push('chooser');
      chooserOpens?.();
      const caption = options.caption === undefined ? { caption: 'A red car on a road.', pageUrl: target.pageUrl, imageUrl: target.srcUrl } : options.caption;
      return typeof caption === 'function' ? caption(target) : caption;
    },
    closeChooser: async (tabId) => void events.push(`closeChooser:${tabId}`),
    startImageRead: () => {
      const image = options.image ?? { dataUrl: 'data:image/jpeg;base64,AAAA', path: 'page' as const, byteLength: 3 };
      return Object.assign(async () => image, { early: Promise.resolve(image) });
    },
    makeThumbnail: async () => 'data:image/jpeg;base64,THUMB',
    loadSettings: async () => settings,
    loadJob: async (tabId) => jobs.get(tabId) ?? null,
    saveJob: async (job) => {
      jobs.set(job.tabId, job);
      saved.push(structuredClone(job));
    },
    loadTabImage: async (tabId) => images.get(tabId) ?? null,
    saveTabImage: async (tabId, dataUrl) => void images.set(tabId, dataUrl),
    loadPageCheck: async (tabId) => pageChecks.get(tabId) ?? null,
    savePageCheck: async (check) => void pageChecks.set(check.tabId, structuredClone(check)),
    recordHistory: async (job) => void history.push(structuredClone(job)),
    calibrationFor: async () => null,
    afterSweep: async () => undefined,
    workerInstance: 'worker-test',
    chooseModel: async (chosen) => choice(chosen),
    endpointModel: (chosen, signal) => {
      modelsAsked.push({ model: chosen.model, baseUrl: chosen.baseUrl, apiKey: chosen.apiKey });
      return model(signal);
    },
    modelSplitter: () => undefined,
    withFailureCause: (step) => step,
    showWaiting: async (record) => {
      waiting.set(record.tabId, record);
      badges.set(record.tabId, 'waiting');
    },
    endWaiting: async (tabId, id) => {
      if (id === null || waiting.get(tabId)?.id === id) waiting.delete(tabId);
    },
    showBadge: async (job) => void badges.set(job.tabId, job.status),
    clearBadge: async (tabId) => void badges.set(tabId, ''),
    showResultsView: (tabId) => void events.push(`showResults:${tabId}`),
    extensionBase: () => 'chrome-extension://test-id/',
    showFirstRunGuidance: async () => void events.push('firstRun'),
    translate: createTranslate(),
    now: () => (clock += 10),
    newId: () => `id-${++ids}`,
    // No wait by default; a test that needs to hold one replaces it.
    sleep: async () => undefined,
  };
  return { platform, jobs, saved, images, pageChecks, history, pageCalls, badges, waiting, events, settings, modelsAsked };
}

/** A finished check on `tabId` with the given claims, as the worker stores it. */
export function finishedJob(tabId: number, caption: string, claims: CheckJob['claims'], extra: Partial<CheckJob> = {}): CheckJob {
  return {
    id: 'first',
    tabId,
    pageUrl: 'https://news.test/',
    imageUrl: 'https://news.test/a.jpg',
    status: 'done',
    phase: 'finished',
    caption,
    claims,
    setAside: [],
    notes: [],
    model: 'vision-1',
    imagePath: 'page',
    imageBytes: 3,
    startedAt: 1,
    finishedAt: 2,
    usage: null,
    error: null,
    ...extra,
  };
}
