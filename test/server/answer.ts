// Writes the model's answer text for a list of verdicts, in the shape a behavior asks for.
import type { OutputShape, ScriptedVerdict } from './behavior';

/** What the request asked for in `response_format` (none: the seed prompt alone). */
export type FormatMode = 'json_schema' | 'json_object' | 'none';

export interface Answer {
  content: string | null;
  refusal: string | null;
  finishReason: 'stop' | 'length';
}

/** The refusal text of the 'refusal' shape. */
export const REFUSAL_TEXT = "I'm sorry, but I can't help with evaluating this image.";

/** The extra verdict of the 'long' shape. */
export const EXTRA_VERDICT: ScriptedVerdict = { reasoning: 'An extra verdict for a claim nobody made.', label: false, error_type: ['Object'] };

const LOOSE_TYPES: Record<string, string> = {
  Object: 'objects',
  Attribute: 'attribute',
  Spatial: 'spatial relation',
  Interaction: 'action',
  Quantitative: 'quantity',
};

/** Python's repr of a string: single quotes unless the text has one and no double quote. */
function pyString(text: string): string {
  if (text.includes("'") && !text.includes('"')) return `"${text.replace(/\\/g, '\\\\')}"`;
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Python-ish literals as weaker models write them: True/False, single quotes, trailing commas. */
function pythonic(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) return `[${value.map((item) => `${pythonic(item)}, `).join('')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value).map(([key, item]) => `${pyString(key)}: ${pythonic(item)}, `).join('')}}`;
  return String(value);
}

/** The answer a model gives for `verdicts` when asked in `mode`, written in `shape`. */
export function renderAnswer(verdicts: readonly ScriptedVerdict[], mode: FormatMode, shape: OutputShape): Answer {
  if (shape === 'empty') return { content: '', refusal: null, finishReason: 'stop' };
  if (shape === 'refusal') return { content: null, refusal: REFUSAL_TEXT, finishReason: 'stop' };

  let list: unknown[] = [...verdicts];
  if (shape === 'short') list = list.slice(0, -1);
  if (shape === 'long') list = [...list, EXTRA_VERDICT];
  if (shape === 'strings')
    list = verdicts.map((v) => ({ ...v, label: String(v.label), error_type: v.error_type.map((t) => LOOSE_TYPES[t] ?? t.toLowerCase()) }));

  // Structured modes wrap the list in an object; the seed prompt alone gets the bare array it shows.
  const payload = mode === 'none' ? list : { verdicts: list };
  const json = JSON.stringify(payload);
  switch (shape) {
    case 'fenced':
      return stop('```json\n' + JSON.stringify(payload, null, 2) + '\n```');
    case 'prose':
      // Brackets in the prose too, as in "claims [1–5]" or a reasoning model's notes.
      return stop(`Sure! I checked claims [1-${verdicts.length}] against the image.\n\n${json}\n\nEach entry follows the order of the claims.`);
    case 'python':
      return stop(pythonic(payload));
    case 'length': {
      // Cut inside the last verdict's reasoning, so every earlier verdict is whole.
      const last = json.lastIndexOf('{"reasoning"');
      const cut = last < 0 ? Math.floor(json.length / 2) : last + '{"reasoning":"'.length + 5;
      return { content: json.slice(0, cut), refusal: null, finishReason: 'length' };
    }
    default:
      // The seed prompt alone: models answer the bare array with a line of prose in front.
      return stop(mode === 'none' ? `Here are the verdicts for each claim:\n${json}` : json);
  }
}

function stop(content: string): Answer {
  return { content, refusal: null, finishReason: 'stop' };
}

/** Model-sized pieces of text (~4 characters), the unit of streaming, pacing and logprobs. */
export function tokenize(text: string): string[] {
  // By code point, so no token ends in half a surrogate pair.
  const chars = Array.from(text);
  const tokens: string[] = [];
  for (let i = 0; i < chars.length; i += 4) tokens.push(chars.slice(i, i + 4).join(''));
  return tokens;
}

/** The logprob of every token that no script sets: a fixed, high confidence. */
export const DEFAULT_TOKEN_LOGPROB = -0.0123;

const LABEL_VALUE = /["']label["']\s*:\s*["']?(?=true|false)/gi;

/**
 * Per token, its logprob: the default, except the token that carries the i-th verdict's label value,
 * which gets ln(labelProbabilities[i]) (a scripted confidence for that claim).
 */
export function scriptedLogprobs(tokens: readonly string[], labelProbabilities: readonly (number | null)[]): number[] {
  const values = tokens.map(() => DEFAULT_TOKEN_LOGPROB);
  const starts: number[] = [];
  let text = '';
  for (const token of tokens) {
    starts.push(text.length);
    text += token;
  }
  let verdict = 0;
  for (const match of text.matchAll(LABEL_VALUE)) {
    const p = labelProbabilities[verdict++];
    if (p === undefined || p === null) continue;
    const at = match.index + match[0].length;
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > at) i--;
    values[i] = Math.log(p);
  }
  return values;
}

/** OpenAI-shaped logprobs for tokens (`values` per token, else the default) with `top` alternatives each. */
export function tokenLogprobs(tokens: readonly string[], top: number, values: readonly number[] = []) {
  return tokens.map((token, i) => ({
    token,
    logprob: values[i] ?? DEFAULT_TOKEN_LOGPROB,
    bytes: [...Buffer.from(token, 'utf8')],
    top_logprobs: [
      { token, logprob: values[i] ?? DEFAULT_TOKEN_LOGPROB, bytes: [...Buffer.from(token, 'utf8')] },
      ...Array.from({ length: Math.max(0, top - 1) }, (_, i) => ({ token: `${token}~${i}`, logprob: -5 - i, bytes: [...Buffer.from(`${token}~${i}`)] })),
    ].slice(0, top),
  }));
}
