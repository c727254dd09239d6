// What the worker's features need from the outside world, as a few small ports (tasks, page, storage,
// model, badge, extension, clock): each feature names the ports it uses, so it runs in Node tests with a
// fake, and the real ones (lib/adapters/browser-platform.ts) are the only place that speaks `browser.*`.
import type { Calibration } from '../calibrate/calibration';
import type { CheckJob } from '../job-record';
import type { SplitResult } from '../claims/split';
import type { Translate } from '../i18n';
import type { AcquiredImage, GatheredCaption, ModelStep } from '../check-lifecycle';
import type { PageApi } from '../page/api';
import type { PageMethod, PageReply } from '../page/protocol';
import type { PageCheck } from '../page-check-state';
import type { Settings } from '../settings';
import type { ProviderId } from '../verify/provider';
import type { ModelChoice, ModelOptions } from '../verify/model-choice';
import type { WaitingCheck } from '../waiting-check';
import type { TabTasks } from './tab-tasks';

export type { ModelChoice, ModelOptions };

/** A tab and frame the user acted in (menu, keyboard command or popup: activeTab is granted there). */
export interface FrameTarget {
  tabId: number;
  frameId: number;
}

/** Where the user invoked the extension: the tab, the frame, and the image the menu was opened on. */
export interface CheckTarget extends FrameTarget {
  srcUrl: string;
  pageUrl: string;
  /** The URL of the frame the menu was opened in (Chrome's `info.frameUrl`): finds a cross-origin <iframe> from the top frame. */
  frameUrl?: string;
}

/** Calls one method of the page script in a frame (injecting it first); a page out of reach throws CheckError 'page'. */
export type CallPage = <M extends PageMethod>(
  target: FrameTarget,
  method: M,
  ...args: Parameters<PageApi[M]>
) => Promise<PageReply<M>>;

/** The step that finishes reading the image; `early` is what the page or a fetch gave without a screenshot (null: a screenshot is needed). */
export type ImageRead = ((imageUrl: string) => Promise<AcquiredImage>) & { early?: Promise<AcquiredImage | null> };

/** The worker's per-tab tasks (abort, keep-alive, cleanup). */
export interface TasksPort {
  tasks: TabTasks;
}

/** The page a check works on: its script, the caption chooser, the image read from it. */
export interface PagePort {
  callPage: CallPage;
  /**
   * The caption of the image in its own frame (the selection, else the in-page chooser); null when the user
   * cancelled. `chooserOpens` is called just before a chooser opens (never when the selection answers).
   */
  gatherCaption(target: CheckTarget, chooserOpens?: () => void): Promise<GatheredCaption | null>;
  /** Closes the caption chooser a check on this tab waits on, as if the user cancelled it. */
  closeChooser(tabId: number): Promise<void>;
  /** Starts reading the image at once (page, then fetch) and returns the step that finishes it (else a screenshot). */
  startImageRead(target: CheckTarget, maxEdge: number, signal: AbortSignal): ImageRead;
  /** A thumbnail of an image, or null where it cannot be made. */
  makeThumbnail(dataUrl: string): Promise<string | null>;
}

/** What the worker keeps: settings, each tab's check, image and page check, history, calibrations. */
export interface StoragePort {
  loadSettings(): Promise<Settings>;
  loadJob(tabId: number): Promise<CheckJob | null>;
  saveJob(job: CheckJob): Promise<void>;
  /** The image of the tab's last check as it was sent (a re-check needs no page access). */
  loadTabImage(tabId: number): Promise<string | null>;
  saveTabImage(tabId: number, dataUrl: string): Promise<void>;
  loadPageCheck(tabId: number): Promise<PageCheck | null>;
  savePageCheck(check: PageCheck): Promise<void>;
  recordHistory(job: CheckJob, limit: number): Promise<unknown>;
  /** `readWith`: the check's settings, when the calibrations were read together with them (the worker: one storage call at the click). */
  calibrationFor(model: string, readWith?: Settings): Promise<Calibration | null>;
  /** Resolves once the start-up sweep of interrupted checks is over (a new job must not be swept). */
  afterSweep(): Promise<unknown>;
  /** This worker instance's id, written as a running job's owner. */
  workerInstance: string;
}

/** The model that checks (lib/verify/model-choice.ts is its policy). */
export interface ModelPort {
  /** The model for a check: the one asked for, else the settings' choice. */
  chooseModel(settings: Settings, requested?: ProviderId): Promise<ModelChoice>;
  /** The endpoint of `settings` as a model step. */
  endpointModel(settings: Settings, signal: AbortSignal, options?: ModelOptions): ModelStep;
  /** The model-assisted split, or undefined for the on-device one. */
  modelSplitter(settings: Settings, signal: AbortSignal): ((caption: string) => Promise<SplitResult>) | undefined;
  /** Makes the step's failures name their real cause (nothing listening, origin refused, no CORS permission…). */
  withFailureCause(step: ModelStep, baseUrl: string): ModelStep;
}

/** What the user sees outside the page: the toolbar button's badge and title, the results view, the guidance. */
export interface BadgePort {
  /** Shows that the tab's check waits for the user to choose its caption (popup, panel, toolbar button). */
  showWaiting(waiting: WaitingCheck): Promise<void>;
  /** Check `id` no longer waits for its caption (null: whichever check the tab shows as waiting). */
  endWaiting(tabId: number, id: string | null): Promise<void>;
  showBadge(job: CheckJob): Promise<void>;
  clearBadge(tabId: number): Promise<void>;
  /** Opens the panel or popup where a tab's results show (in the user's gesture: before any await). */
  showResultsView(tabId: number): void;
  /** The first-run guidance (the popup, else Options), after a check found no model configured. */
  showFirstRunGuidance(): Promise<void>;
}

/** The extension itself: its own URLs and its UI text. */
export interface ExtensionPort {
  /** How this extension's own URLs start (`chrome-extension://<id>/`). */
  extensionBase(): string;
  translate: Translate;
}

/** Time and new ids. */
export interface ClockPort {
  now(): number;
  newId(): string;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** Every port together: what the worker builds once (lib/adapters/browser-platform.ts) and a test fakes. */
export type Platform = TasksPort & PagePort & StoragePort & ModelPort & BadgePort & ExtensionPort & ClockPort;
