/**
 * The part of the Prompt API (https://webmachinelearning.github.io/prompt-api/) this project uses,
 * typed from the specification's IDL. Newer Chrome renamed inputQuota/inputUsage/measureInputUsage to
 * contextWindow/contextUsage/measureContextUsage and keeps the old names only in extensions, so
 * both sets are optional here and looked up at runtime.
 */

export type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';
export type LanguageModelMessageType = 'text' | 'image' | 'audio';

export interface LanguageModelExpected {
  type: LanguageModelMessageType;
  languages?: string[];
}

export interface LanguageModelCreateCoreOptions {
  /** Extension contexts only; must be given together with temperature. */
  topK?: number;
  temperature?: number;
  expectedInputs?: LanguageModelExpected[];
  expectedOutputs?: LanguageModelExpected[];
}

export type LanguageModelMessageValue = string | Blob | ImageBitmap | ArrayBuffer | ArrayBufferView;

export interface LanguageModelMessageContent {
  type: LanguageModelMessageType;
  value: LanguageModelMessageValue;
}

export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | LanguageModelMessageContent[];
  prefix?: boolean;
}

export type LanguageModelPrompt = string | LanguageModelMessage[];

/** `downloadprogress` events are ProgressEvents with `loaded` between 0 and 1 and `total` 1. */
export type CreateMonitor = EventTarget;

export interface LanguageModelCreateOptions extends LanguageModelCreateCoreOptions {
  signal?: AbortSignal;
  monitor?: (monitor: CreateMonitor) => void;
  initialPrompts?: LanguageModelMessage[];
}

export interface LanguageModelPromptOptions {
  responseConstraint?: object;
  omitResponseConstraintInput?: boolean;
  signal?: AbortSignal;
}

/** A session: `LanguageModel` instances in the specification. */
export interface LanguageModelSession extends EventTarget {
  prompt(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<string>;
  promptStreaming(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): ReadableStream<string>;
  measureContextUsage?(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<number>;
  readonly contextUsage?: number;
  readonly contextWindow?: number;
  /** Deprecated names (older Chrome, and extensions in newer Chrome). */
  measureInputUsage?(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<number>;
  readonly inputUsage?: number;
  readonly inputQuota?: number;
  clone(options?: { signal?: AbortSignal }): Promise<LanguageModelSession>;
  destroy(): void;
}

/** The `LanguageModel` interface object: its static methods. */
export interface LanguageModelApi {
  availability(options?: LanguageModelCreateCoreOptions): Promise<Availability>;
  create(options?: LanguageModelCreateOptions): Promise<LanguageModelSession>;
}

/** The context window of a session, under whichever name this Chrome uses; Infinity when it states none. */
export function contextWindowOf(session: LanguageModelSession): number {
  if (typeof session.contextWindow === 'number') return session.contextWindow;
  if (typeof session.inputQuota === 'number') return session.inputQuota;
  return Number.POSITIVE_INFINITY;
}

/** How much of the context window a session has used, under whichever name this Chrome uses. */
export function contextUsageOf(session: LanguageModelSession): number {
  if (typeof session.contextUsage === 'number') return session.contextUsage;
  if (typeof session.inputUsage === 'number') return session.inputUsage;
  return 0;
}

/** Measures what a prompt would take of the context, or null when this Chrome cannot say. */
export async function measureUsage(
  session: LanguageModelSession,
  input: LanguageModelPrompt,
  options: LanguageModelPromptOptions,
): Promise<number | null> {
  if (typeof session.measureContextUsage === 'function') return session.measureContextUsage(input, options);
  if (typeof session.measureInputUsage === 'function') return session.measureInputUsage(input, options);
  return null;
}
