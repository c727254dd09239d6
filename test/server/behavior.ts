// What the stand-in model does: the knobs a test turns, and the answers they produce.

/** One verdict as the seed prompt asks for it; error types are free strings so tests can send bad ones. */
export interface ScriptedVerdict {
  reasoning: string;
  label: boolean;
  error_type: string[];
}

/** Claims whose text matches are answered false with these error types. */
export interface FalseRule {
  match: RegExp | string;
  error_type: string[];
  reasoning?: string;
}

/** A canned reply answered to the next request instead of the normal one (429, 500, …). */
export interface FailureReply {
  status: number;
  /** JSON-encoded unless a string; an OpenAI-style error body by default. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Only requests of this method take this failure (others pass it by): a test scripting the check's
   * POST is then safe from a model-list GET that the popup or Options happen to send meanwhile.
   */
  method?: 'GET' | 'POST';
}

/**
 * How the model writes its answer:
 * clean — exactly what was asked; fenced — inside ```json fences; prose — text around the JSON;
 * python — True/False, single quotes, trailing commas; strings — labels "true"/"false" and loosely
 * spelled error types; short — last verdict dropped; long — one extra verdict; empty — content "";
 * refusal — `message.refusal` set, content null; length — cut inside the last verdict, finish_reason "length".
 */
export const OUTPUT_SHAPES = ['clean', 'fenced', 'prose', 'python', 'strings', 'short', 'long', 'empty', 'refusal', 'length'] as const;
export type OutputShape = (typeof OUTPUT_SHAPES)[number];

export interface Pace {
  tokensPerSecond: number;
  firstTokenMs: number;
}

/** The chat request body as far as the server reads it. */
export type ChatBody = Record<string, unknown>;

export interface Behavior {
  /** Listed by GET /v1/models; any other model gets a 404 like OpenAI's "model_not_found". */
  models: string[];
  /** When set, any other Bearer token gets a 401. */
  apiKey: string | null;
  /** Answer 400 to a verification request that breaks the seed-prompt contract (always recorded). */
  strict: boolean;
  /** Answered in turn to the next requests (not preflights), before anything else is checked. */
  failures: FailureReply[];
  /** Like endpoints without structured output. */
  rejectJsonSchema: boolean;
  rejectJsonObject: boolean;
  rejectStreaming: boolean;
  /** Like a text-only model. */
  rejectImages: boolean;
  /**
   * 403 with an empty body and no CORS headers for chrome-extension:// and moz-extension:// origins,
   * preflights included (Ollama without OLLAMA_ORIGINS).
   */
  rejectExtensionOrigins: boolean;
  /** Takes every request and never answers it (until the client gives up). */
  unresponsive: boolean;
  /** Wait this long before answering at all (for client timeouts). */
  delayMs: number;
  /** Stream ~4-character tokens at this rate after this first-token delay; JSON answers wait as long in total. */
  pace: Pace | null;
  /**
   * A gate for tests of "early": a streamed answer stops after this share of its tokens until
   * `server.release()` (or the client leaves), so what a client reported before releasing provably
   * came from the first part of the answer, however slow the machine. A release also disarms the gate.
   */
  holdAt: number | null;
  output: OutputShape;
  /** Shapes for the next verification requests, one each, before `output` applies again (e.g. short, then clean). */
  outputQueue: OutputShape[];
  /** Answer `logprobs: true` requests with OpenAI-shaped token logprobs (null otherwise). */
  logprobs: boolean;
  /** Per claim, the probability of its label token, answered in logprobs; null leaves the fixed default. */
  labelProbability: ((claim: string, index: number) => number) | null;
  /**
   * Sampled requests (temperature > 0) answer like a noisy model: each claim's label flips with
   * probability `flip(claim)`, drawn from `seed`, the claim and how often it was sampled (so a run repeats).
   */
  sampling: { seed: number; flip: (claim: string) => number } | null;
  /** Whether a request with `n` > 1 gets n choices (false: one, like endpoints that ignore `n`). */
  honourN: boolean;
  falseWhen: FalseRule[];
  /** Overrides the default verdicts; `index` is the claim's position in that request's list. */
  verdict: ((claim: string, index: number) => ScriptedVerdict) | null;
  /**
   * Overrides everything above with the whole answer list for one request's claims (any length):
   * a model that obeys text in one claim, or loses count, sees all of them at once.
   */
  answerList: ((claims: string[]) => ScriptedVerdict[]) | null;
  /** The content answered to a text-only chat request (no image, not the seed prompt). */
  onTextRequest: (body: ChatBody) => string;
}

/** The reasoning of every verdict that no rule touches. */
export const DEFAULT_REASONING = 'Consistent with the image.';

/** The verdict the server gives a claim under `behavior`. */
export function scriptedVerdict(behavior: Pick<Behavior, 'falseWhen' | 'verdict'>, claim: string, index: number): ScriptedVerdict {
  if (behavior.verdict) return behavior.verdict(claim, index);
  const rule = behavior.falseWhen.find(({ match }) => (typeof match === 'string' ? claim.includes(match) : match.test(claim)));
  if (rule) return { reasoning: rule.reasoning ?? 'Not what the image shows.', label: false, error_type: [...rule.error_type] };
  return { reasoning: DEFAULT_REASONING, label: true, error_type: [] };
}

/** A uniform draw in [0, 1) from a seed and a string (FNV-1a, then one mulberry32 step). */
export function seededDraw(seed: number, key: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  let t = (hash + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The verdict of one sampled answer: the scripted one, its label flipped when the draw falls under `flip`. */
export function sampledVerdict(verdict: ScriptedVerdict, flip: number, draw: number): ScriptedVerdict {
  if (draw >= flip) return verdict;
  return verdict.label
    ? { reasoning: 'On a second look, this does not match the image.', label: false, error_type: ['Object'] }
    : { reasoning: 'On a second look, this matches the image.', label: true, error_type: [] };
}

/**
 * The default answer to a text-only request (model-assisted claim splitting): the caption is the
 * `caption` of the JSON object in the user message, else the text after the last "Caption:" (else
 * the whole user text), quotes stripped, split at sentence ends; each sentence comes back as one
 * claim `{text, sentence}`.
 */
export function defaultTextAnswer(body: ChatBody): string {
  const user = captionData(lastUserText(body));
  const marker = user.toLowerCase().lastIndexOf('caption:');
  const caption = (marker >= 0 ? user.slice(marker + 'caption:'.length) : user)
    .trim()
    .replace(/^["'“”`]+|["'“”`]+$/g, '')
    .trim();
  const sentences = caption.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  return JSON.stringify({ claims: sentences.map((text, sentence) => ({ text, sentence })) });
}

function captionData(user: string): string {
  const start = user.indexOf('{');
  if (start < 0) return user;
  try {
    const data: unknown = JSON.parse(user.slice(start));
    return isRecord(data) && typeof data.caption === 'string' ? `Caption: ${data.caption}` : user;
  } catch {
    return user;
  }
}

/** The text of the last user message, whether its content is a string or parts. */
export function lastUserText(body: ChatBody): string {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const user = [...messages].reverse().find((m) => isRecord(m) && m.role === 'user');
  return isRecord(user) ? contentText(user.content) : '';
}

/** A message content's text: the string itself, or its text parts joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => isRecord(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The defaults every server starts from and `reset()` returns to. */
export function defaultBehavior(): Behavior {
  return {
    models: ['test-vlm'],
    apiKey: null,
    strict: true,
    failures: [],
    rejectJsonSchema: false,
    rejectJsonObject: false,
    rejectStreaming: false,
    rejectImages: false,
    rejectExtensionOrigins: false,
    unresponsive: false,
    delayMs: 0,
    pace: null,
    holdAt: null,
    output: 'clean',
    outputQueue: [],
    logprobs: false,
    labelProbability: null,
    sampling: null,
    honourN: true,
    falseWhen: [],
    verdict: null,
    answerList: null,
    onTextRequest: defaultTextAnswer,
  };
}
