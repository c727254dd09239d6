// One line of a batch output or error file, as OpenAI's Batch API and `vllm run-batch` write it:
// {id, custom_id, response: {status_code, request_id, body} | null, error: {code, message} | null}.
// The answer inside is read by the online path's tolerant parser.
import { z } from 'zod';
import { labelConfidences } from '../../verify/confidence';
import { parseVerdicts } from '../../verify/parse';
import type { Verdict } from '../../verify/schema';
import { lengthNote } from '../../verify/request';
import { parseJsonLine } from '../jsonl';

export const responseLineSchema = z.object({
  id: z.string().nullish(),
  custom_id: z.string().min(1),
  response: z
    .object({
      status_code: z.number().int(),
      request_id: z.string().nullish(),
      body: z.unknown(),
    })
    .nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
export type ResponseLine = z.infer<typeof responseLineSchema>;

// Only the fields the parser needs; the rest of a chat completion may be anything an engine sends.
const completionSchema = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
        logprobs: z.object({ content: z.array(z.object({ token: z.string(), logprob: z.number() })).nullish() }).nullish(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

/** What one request of the batch came back with. */
export type RequestOutcome =
  | {
      ok: true;
      verdicts: (Verdict | null)[];
      /** The label token's probability per verdict, where the engine sent logprobs for every one; else null. */
      scores: number[] | null;
      usage: { prompt_tokens: number; completion_tokens: number }; notes: string[]; model: string | null }
  | { ok: false; reason: string };


function errorMessage(body: unknown): string | null {
  const parsed = z.object({ error: z.object({ message: z.string() }) }).safeParse(body);
  return parsed.success ? parsed.data.error.message.slice(0, 200) : null;
}

/** Reads one output/error line into an outcome; a line the engine marked failed says why. */
export function outcomeOf(line: ResponseLine): RequestOutcome {
  if (line.error) return { ok: false, reason: `${line.error.code ?? 'error'}: ${(line.error.message ?? '').slice(0, 200)}` };
  if (!line.response) return { ok: false, reason: 'no response' };
  const { status_code: status, body } = line.response;
  if (status < 200 || status >= 300) return { ok: false, reason: `HTTP ${status}${errorMessage(body) ? `: ${errorMessage(body)}` : ''}` };
  const completion = completionSchema.safeParse(body);
  if (!completion.success) return { ok: false, reason: 'the response body is not a chat completion' };
  const choice = completion.data.choices[0]!;
  if (choice.message?.refusal) return { ok: false, reason: `refused: ${choice.message.refusal.slice(0, 200)}` };
  if (choice.finish_reason === 'content_filter') return { ok: false, reason: 'blocked by the content filter' };
  const parsed = parseVerdicts(choice.message?.content ?? '');
  const scores = choice.logprobs?.content ? labelConfidences(choice.logprobs.content) : [];
  return {
    ok: true,
    verdicts: parsed.verdicts,
    scores: scores.length === parsed.verdicts.length && scores.length > 0 ? scores : null,
    usage: { prompt_tokens: completion.data.usage?.prompt_tokens ?? 0, completion_tokens: completion.data.usage?.completion_tokens ?? 0 },
    notes: choice.finish_reason === 'length' ? [...parsed.notes, lengthNote()] : parsed.notes,
    model: completion.data.model ?? null,
  };
}

/** Parses one JSONL line of an output file; throws an Error that says what is wrong with it. */
export function parseResponseLine(text: string): ResponseLine {
  return parseJsonLine(text, responseLineSchema, (error) => `not a batch output line (${error.issues[0]?.path.join('.') || 'line'}: ${error.issues[0]?.message})`);
}
