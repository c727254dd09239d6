/**
 * A stand-in for Chrome's Prompt API that follows the specification's interface and algorithms
 * (https://webmachinelearning.github.io/prompt-api/ and the shared parts of the Writing Assistance
 * APIs): availability states, create() with `monitor` and `downloadprogress` ProgressEvents, user
 * activation for a download, initialPrompts with the system role first only, prompt/promptStreaming
 * with a responseConstraint, measureContextUsage/contextWindow/contextUsage (and the deprecated
 * inputQuota/inputUsage/measureInputUsage), QuotaExceededError on overflow, clone, destroy, and
 * abort via `signal`. Its "model" answers the seed prompt's claim list by rules.
 *
 * createPromptApiStub is one self-contained function on purpose: the browser test sends its source
 * text into the extension's service worker, where nothing imported would exist.
 */

export type StubAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface PromptApiStubConfig {
  availability: StubAvailability;
  /** Context window of a session, in the stub's tokens (4 characters each; an image costs imageTokens). */
  contextWindow: number;
  imageTokens: number;
  /** Which names of the usage API sessions expose: current, deprecated, both, or none (overflow shows only as QuotaExceededError). */
  names: 'current' | 'legacy' | 'both' | 'none';
  /** Claims whose text contains `match` (case-insensitive) are judged false. */
  falseWhen: { match: string; error_type: string[]; reasoning: string }[];
  /** Whether the model takes images at all (availability says unavailable when not). */
  imageInput: boolean;
  /** Whether create() accepts topK/temperature (newer Chrome may not). */
  acceptsSampling: boolean;
  /** Where no `navigator.userActivation` exists (a worker, Node): whether a download may start. */
  activation: boolean;
  downloadSteps: number;
  downloadStepMs: number;
  /** Characters per streamed chunk, and the pause between chunks. */
  chunkChars: number;
  chunkDelayMs: number;
  /** A test's gate: a streamed answer stops after this share of its characters until `control.release()`. */
  holdAt: number | null;
  /** Assign the API to globalThis.LanguageModel and the control object to globalThis.__promptApiStub. */
  install: boolean;
}

export interface StubLogEntry {
  call: 'availability' | 'create' | 'prompt' | 'measure' | 'clone' | 'destroy';
  options?: unknown;
  roles?: string[];
  types?: string[];
  text?: string;
  image?: { kind: string; type: string; size: number } | null;
  responseConstraint?: unknown;
  outcome?: string;
  requested?: number;
}

export interface PromptApiStubControl {
  log: StubLogEntry[];
  state: { availability: StubAvailability };
  config: PromptApiStubConfig;
  /** The latest streamed answer: characters handed out so far and its length. */
  progress: { sent: number; total: number };
  /** Lets an answer held at `holdAt` go on (a no-op when none is held). */
  release(): void;
}

export interface PromptApiStub {
  LanguageModel: {
    availability(options?: unknown): Promise<StubAvailability>;
    create(options?: unknown): Promise<unknown>;
  };
  control: PromptApiStubControl;
}

/** Builds the stub; `respond` (unit tests only) replaces the rule-based answer for a claim list. */
export function createPromptApiStub(
  partial: Partial<PromptApiStubConfig> = {},
  respond?: (claims: string[], constrained: boolean) => string,
): PromptApiStub {
  const config: PromptApiStubConfig = {
    availability: 'available',
    contextWindow: 6000,
    imageTokens: 258,
    names: 'current',
    falseWhen: [],
    imageInput: true,
    acceptsSampling: true,
    activation: false,
    downloadSteps: 4,
    downloadStepMs: 5,
    chunkChars: 24,
    chunkDelayMs: 1,
    holdAt: null,
    install: false,
    ...partial,
  };
  let resume: () => void = () => {};
  const control: PromptApiStubControl = {
    log: [],
    state: { availability: config.availability },
    config,
    progress: { sent: 0, total: 0 },
    release: () => resume(),
  };
  const TYPES = ['text', 'image', 'audio', 'tool-call', 'tool-response'];
  const ROLES = ['system', 'user', 'assistant'];
  const LANGUAGES = ['en', 'es', 'ja'];

  type Content = { type: string; value: unknown };
  type Message = { role: string; content: Content[] };

  const domError = (name: string, message: string) => new DOMException(message, name);
  const quotaError = (requested: number, quota: number): Error => {
    const message = `The input is too large: ${requested} of ${quota}.`;
    const Native = (globalThis as { QuotaExceededError?: new (m: string, o: object) => Error }).QuotaExceededError;
    if (typeof Native === 'function') return new Native(message, { requested, quota });
    const error = new DOMException(message, 'QuotaExceededError');
    Object.defineProperties(error, { requested: { value: requested }, quota: { value: quota } });
    return error;
  };
  const abortReason = (signal: AbortSignal) => signal.reason ?? domError('AbortError', 'The operation was aborted.');
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const tokens = (text: string) => Math.ceil(text.length / 4);
  const isImageValue = (value: unknown) =>
    value instanceof Blob ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    (typeof ImageBitmap !== 'undefined' && value instanceof ImageBitmap);

  const expectedTypes = (expected: unknown): string[] => {
    const list = Array.isArray(expected) ? (expected as { type: string }[]).map((e) => e.type) : [];
    return list.includes('text') ? list : [...list, 'text'];
  };

  // "validate and canonicalize a prompt"
  const canonicalize = (input: unknown, allowed: string[], hasAppendedInput: boolean): Message[] => {
    if (typeof input === 'string') return [{ role: 'user', content: [{ type: 'text', value: input }] }];
    if (!Array.isArray(input)) throw new TypeError('A prompt is a string or a sequence of messages.');
    if (input.length === 0) return [{ role: 'user', content: [{ type: 'text', value: '' }] }];
    const messages: Message[] = [];
    input.forEach((raw: { role?: unknown; content?: unknown; prefix?: unknown }, index) => {
      if (!ROLES.includes(String(raw.role))) throw new TypeError(`Unknown role ${String(raw.role)}.`);
      const role = String(raw.role);
      let content: Content[] = typeof raw.content === 'string' ? [{ type: 'text', value: raw.content }] : (raw.content as Content[]);
      if (!Array.isArray(content)) throw new TypeError('Message content is a string or a sequence.');
      if (raw.prefix === true && (role !== 'assistant' || index !== input.length - 1)) throw domError('SyntaxError', 'Only a last assistant message may be a prefix.');
      if (role === 'system' && hasAppendedInput) throw new TypeError('A system message must come first.');
      if (content.length === 0) content = [{ type: 'text', value: '' }];
      for (const part of content) {
        if (!TYPES.includes(part.type)) throw new TypeError(`Unknown content type ${part.type}.`);
        if (role === 'assistant' && part.type !== 'text') throw domError('NotSupportedError', 'Assistant messages are text.');
        if (part.type === 'text' && typeof part.value !== 'string') throw new TypeError('Text content must be a string.');
        if (part.type === 'image') {
          if (!allowed.includes('image')) throw domError('NotSupportedError', 'The session was not created to expect images.');
          if (!isImageValue(part.value)) throw new TypeError('An image must be an ImageBitmapSource or a BufferSource.');
        }
      }
      // Contiguous text parts are joined, as the specification canonicalizes them.
      const collapsed: Content[] = [];
      for (const part of content) {
        const last = collapsed[collapsed.length - 1];
        if (part.type === 'text' && last?.type === 'text') last.value = `${String(last.value)}${String(part.value)}`;
        else collapsed.push({ ...part });
      }
      messages.push({ role, content: collapsed });
      hasAppendedInput = true;
    });
    return messages;
  };

  const usageOf = (messages: Message[], constraint: unknown, omit: boolean): number => {
    let total = 0;
    for (const message of messages)
      for (const part of message.content) total += part.type === 'image' ? config.imageTokens : tokens(String(part.value));
    if (constraint && !omit) total += tokens(JSON.stringify(constraint));
    return total;
  };

  const describe = (messages: Message[]): Pick<StubLogEntry, 'roles' | 'types' | 'text' | 'image'> => {
    const parts = messages.flatMap((m) => m.content);
    const image = parts.find((p) => p.type === 'image')?.value;
    return {
      roles: messages.map((m) => m.role),
      types: parts.map((p) => p.type),
      text: parts.filter((p) => p.type === 'text').map((p) => String(p.value)).join(''),
      image:
        image === undefined
          ? null
          : image instanceof Blob
            ? { kind: 'Blob', type: image.type, size: image.size }
            : { kind: Object.prototype.toString.call(image).slice(8, -1), type: '', size: 0 },
    };
  };

  const answer = (messages: Message[], constrained: boolean): string => {
    const text = messages.flatMap((m) => m.content).filter((p) => p.type === 'text').map((p) => String(p.value)).join('\n');
    const claims = [...text.matchAll(/^\s*\d+\.\s+(.+)$/gm)].map((m) => m[1]!.trim());
    if (respond) return respond(claims, constrained);
    const verdicts = claims.map((claim) => {
      const rule = config.falseWhen.find((r) => claim.toLowerCase().includes(r.match.toLowerCase()));
      return rule
        ? { reasoning: rule.reasoning, label: false, error_type: rule.error_type }
        : { reasoning: 'The image shows this.', label: true, error_type: [] };
    });
    return JSON.stringify(constrained ? { verdicts } : verdicts);
  };

  const availabilityFor = (options: { expectedInputs?: unknown; expectedOutputs?: unknown } = {}): StubAvailability => {
    const expected = [
      ...(Array.isArray(options.expectedInputs) ? options.expectedInputs : []),
      ...(Array.isArray(options.expectedOutputs) ? options.expectedOutputs : []),
    ] as { type?: unknown; languages?: unknown }[];
    for (const e of expected) if (!TYPES.includes(String(e.type))) throw new TypeError(`Unknown type ${String(e.type)}.`);
    if (expected.some((e) => Array.isArray(e.languages) && e.languages.some((l: string) => !LANGUAGES.includes(l.split('-')[0]!))))
      return 'unavailable';
    if (!config.imageInput && expected.some((e) => e.type === 'image')) return 'unavailable';
    return control.state.availability;
  };

  class StubSession extends EventTarget {
    #usage: number;
    #destroyed = new AbortController();
    readonly #initial: Message[];
    readonly #allowed: string[];
    oncontextoverflow: ((event: Event) => void) | null = null;

    constructor(initial: Message[], usage: number, allowed: string[]) {
      super();
      this.#initial = initial;
      this.#usage = usage;
      this.#allowed = allowed;
      const current = config.names === 'current' || config.names === 'both';
      const legacy = config.names === 'legacy' || config.names === 'both';
      // Only the names this Chrome generation has exist on the object, as feature detection would see them.
      if (current) {
        Object.defineProperty(this, 'contextWindow', { get: () => config.contextWindow, enumerable: true });
        Object.defineProperty(this, 'contextUsage', { get: () => this.#usage, enumerable: true });
        Object.defineProperty(this, 'measureContextUsage', { value: (i: unknown, o?: object) => this.#measure(i, o) });
      }
      if (legacy) {
        Object.defineProperty(this, 'inputQuota', { get: () => config.contextWindow, enumerable: true });
        Object.defineProperty(this, 'inputUsage', { get: () => this.#usage, enumerable: true });
        Object.defineProperty(this, 'measureInputUsage', { value: (i: unknown, o?: object) => this.#measure(i, o) });
      }
    }

    async #measure(input: unknown, options: { responseConstraint?: unknown; omitResponseConstraintInput?: boolean; signal?: AbortSignal } = {}) {
      if (options.omitResponseConstraintInput && !options.responseConstraint) throw new TypeError('omitResponseConstraintInput needs a responseConstraint.');
      if (options.signal?.aborted) throw abortReason(options.signal);
      const messages = canonicalize(input, this.#allowed, false);
      const requested = usageOf(messages, options.responseConstraint, options.omitResponseConstraintInput === true);
      control.log.push({ call: 'measure', requested });
      return requested;
    }

    prompt(input: unknown, options: { responseConstraint?: unknown; omitResponseConstraintInput?: boolean; signal?: AbortSignal } = {}): Promise<string> {
      return (async () => {
        let text = '';
        const reader = this.promptStreaming(input, options).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return text;
          text += value;
        }
      })();
    }

    promptStreaming(
      input: unknown,
      options: { responseConstraint?: unknown; omitResponseConstraintInput?: boolean; signal?: AbortSignal } = {},
    ): ReadableStream<string> {
      const signals = [this.#destroyed.signal, ...(options.signal ? [options.signal] : [])];
      const signal = AbortSignal.any(signals);
      const entry: StubLogEntry = { call: 'prompt', responseConstraint: options.responseConstraint ?? null };
      control.log.push(entry);
      let stop = () => {};
      return new ReadableStream<string>({
        start: (controller) => {
          if (signal.aborted) {
            entry.outcome = 'aborted';
            controller.error(abortReason(signal));
            return;
          }
          const onAbort = () => {
            entry.outcome = 'aborted';
            try {
              controller.error(abortReason(signal));
            } catch {
              /* already closed */
            }
          };
          signal.addEventListener('abort', onAbort, { once: true });
          stop = () => signal.removeEventListener('abort', onAbort);
          void (async () => {
            try {
              // prefill
              const messages = canonicalize(input, this.#allowed, this.#usage > 0);
              Object.assign(entry, describe(messages));
              const requested = usageOf(messages, options.responseConstraint, options.omitResponseConstraintInput === true);
              entry.requested = requested;
              if (this.#usage + requested > config.contextWindow) {
                entry.outcome = 'quota';
                throw quotaError(this.#usage + requested, config.contextWindow);
              }
              this.#usage += requested;
              // generate
              const output = answer(messages, Boolean(options.responseConstraint));
              const progress = { sent: 0, total: output.length };
              control.progress = progress;
              const gate = config.holdAt === null ? null : Math.floor(output.length * config.holdAt);
              const released = new Promise<void>((resolve) => (resume = resolve));
              for (let i = 0; i < output.length; ) {
                await wait(config.chunkDelayMs);
                if (signal.aborted) return;
                if (gate !== null && i === gate) {
                  await Promise.race([released, new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))]);
                  if (signal.aborted) return;
                }
                // A chunk never runs past the gate.
                const end = Math.min(output.length, i + config.chunkChars, gate !== null && i < gate ? gate : Infinity);
                controller.enqueue(output.slice(i, end));
                progress.sent = i = end;
              }
              this.#usage += tokens(output);
              entry.outcome = 'answered';
              stop();
              controller.close();
            } catch (error) {
              stop();
              if (!signal.aborted) controller.error(error);
            }
          })();
        },
        cancel: () => {
          stop();
          entry.outcome = 'cancelled';
        },
      });
    }

    async append(): Promise<undefined> {
      throw domError('NotSupportedError', 'append() is not part of this stub.');
    }

    async clone(options: { signal?: AbortSignal } = {}): Promise<StubSession> {
      if (this.#destroyed.signal.aborted) throw abortReason(this.#destroyed.signal);
      if (options.signal?.aborted) throw abortReason(options.signal);
      control.log.push({ call: 'clone' });
      return new StubSession(this.#initial, this.#usage, this.#allowed);
    }

    destroy(): void {
      if (this.#destroyed.signal.aborted) return;
      control.log.push({ call: 'destroy' });
      this.#destroyed.abort(domError('AbortError', 'The session was destroyed.'));
    }
  }

  const LanguageModel = {
    async availability(options: { expectedInputs?: unknown; expectedOutputs?: unknown } = {}): Promise<StubAvailability> {
      control.log.push({ call: 'availability', options: JSON.parse(JSON.stringify(options)) });
      return availabilityFor(options);
    },

    async create(
      options: {
        topK?: number;
        temperature?: number;
        expectedInputs?: unknown;
        expectedOutputs?: unknown;
        initialPrompts?: unknown;
        signal?: AbortSignal;
        monitor?: (monitor: EventTarget) => void;
      } = {},
    ): Promise<StubSession> {
      const { signal, monitor, ...rest } = options;
      const entry: StubLogEntry = {
        call: 'create',
        options: JSON.parse(JSON.stringify({ ...rest, monitor: typeof monitor })),
      };
      control.log.push(entry);
      if (signal?.aborted) throw abortReason(signal);
      if (!config.acceptsSampling && (rest.topK !== undefined || rest.temperature !== undefined))
        throw new TypeError('topK and temperature are not supported.');
      if ((rest.topK === undefined) !== (rest.temperature === undefined))
        throw domError('NotSupportedError', 'Specify both topK and temperature, or neither of them.');
      const allowed = expectedTypes(rest.expectedInputs);
      const initial = rest.initialPrompts === undefined ? [] : canonicalize(rest.initialPrompts, allowed, false);
      const availability = availabilityFor(rest);
      if (availability === 'unavailable') throw domError('NotSupportedError', 'The model cannot run with these options.');
      const monitorTarget = new EventTarget();
      monitor?.(monitorTarget);
      if (availability === 'downloadable') {
        const userActivation = (globalThis as { navigator?: { userActivation?: { isActive: boolean } } }).navigator?.userActivation;
        const active = userActivation ? userActivation.isActive : config.activation;
        if (!active) {
          entry.outcome = 'needs-activation';
          throw domError('NotAllowedError', 'Downloading the model requires a user activation.');
        }
      }
      const progress = (loaded: number) => {
        const event = new Event('downloadprogress');
        Object.defineProperties(event, {
          loaded: { value: loaded, enumerable: true },
          total: { value: 1, enumerable: true },
          lengthComputable: { value: true, enumerable: true },
        });
        monitorTarget.dispatchEvent(event);
      };
      if (availability !== 'available') {
        control.state.availability = 'downloading';
        progress(0);
        for (let step = 1; step <= config.downloadSteps; step++) {
          await wait(config.downloadStepMs);
          if (signal?.aborted) throw abortReason(signal);
          progress(step / config.downloadSteps);
        }
        control.state.availability = 'available';
      }
      const usage = usageOf(initial, null, true);
      if (usage > config.contextWindow) throw quotaError(usage, config.contextWindow);
      entry.outcome = 'created';
      return new StubSession(initial, usage, allowed);
    },
  };

  if (config.install) {
    Object.assign(globalThis, { LanguageModel, __promptApiStub: control });
  }
  return { LanguageModel, control };
}
