// Server-sent events exactly as OpenAI frames a streamed chat completion.
import type { ServerResponse } from 'node:http';
import { tokenLogprobs, type Answer } from './answer';
import type { Pace } from './behavior';

export interface StreamPlan {
  id: string;
  created: number;
  model: string;
  system_fingerprint: string;
  answer: Answer;
  tokens: string[];
  /** The final usage chunk, when the request asked for `stream_options.include_usage`. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
  /** Top-logprob count when logprobs are answered, null when not. */
  logprobs: number | null;
  /** Per token, the logprob to report (scripted label confidences); the default where absent. */
  tokenLogprobs?: readonly number[];
  pace: Pace | null;
  /** A test's gate: after `after` tokens the stream waits for `resume` (see Behavior.holdAt). */
  hold?: { after: number; resume: Promise<void> } | null;
  /** Told how many tokens are out after every write. */
  onProgress?: (sent: number) => void;
}

/** Resolves after `ms`, or at once when `signal` aborts (the client went away). */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Streams the answer: a role chunk, one chunk per token (content or refusal), a finish chunk, the usage
 * chunk if asked, then `[DONE]`. With a pace, tokens are due at firstTokenMs + i / tokensPerSecond.
 */
export async function sendChunks(res: ServerResponse, gone: AbortSignal, plan: StreamPlan): Promise<void> {
  const { answer, tokens } = plan;
  const base = { id: plan.id, object: 'chat.completion.chunk', created: plan.created, model: plan.model, system_fingerprint: plan.system_fingerprint };
  const withUsage = plan.usage ? { usage: null } : {};
  const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const chunk = (delta: Record<string, unknown>, finish: string | null, logprobs: unknown = null) =>
    event({ ...base, choices: [{ index: 0, delta, logprobs, finish_reason: finish }], ...withUsage });
  const field = answer.refusal !== null ? 'refusal' : 'content';

  res.writeHead(200, {
    'access-control-allow-origin': res.req.headers.origin ?? '*',
    'access-control-expose-headers': 'x-request-id',
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': `req_${plan.id}`,
  });
  res.write(chunk(answer.refusal !== null ? { role: 'assistant', content: null, refusal: '' } : { role: 'assistant', content: '', refusal: null }, null));

  const tokenChunk = (token: string, i: number) =>
    chunk({ [field]: token }, null, plan.logprobs === null ? null : { content: tokenLogprobs([token], plan.logprobs, plan.tokenLogprobs?.slice(i, i + 1)), refusal: null });
  const hold = plan.hold ?? null;
  let sent = 0;
  const write = (to: number) => {
    // Tokens count as sent only when written: a client that left is sent nothing more.
    if (gone.aborted) return;
    let batch = '';
    while (sent < to) batch += tokenChunk(tokens[sent]!, sent++);
    if (batch && !gone.aborted) res.write(batch);
    plan.onProgress?.(sent);
  };
  const pause = async () => {
    await Promise.race([hold!.resume, new Promise<void>((resolve) => gone.addEventListener('abort', () => resolve(), { once: true }))]);
  };
  if (!plan.pace) {
    write(hold ? hold.after : tokens.length);
    if (hold && !gone.aborted) {
      await pause();
      write(tokens.length);
    }
  } else {
    let start = Date.now();
    const interval = 1000 / plan.pace.tokensPerSecond;
    const dueAt = (i: number) => plan.pace!.firstTokenMs + i * interval;
    while (sent < tokens.length && !gone.aborted) {
      await wait(dueAt(sent) - (Date.now() - start), gone);
      // Timers are coarse: send every token that is due by now, in one write (never past the hold).
      const elapsed = Date.now() - start;
      let to = sent;
      while (to < tokens.length && dueAt(to) <= elapsed) to++;
      const stopAt = hold && sent < hold.after ? Math.min(to, hold.after) : to;
      write(stopAt);
      if (hold && sent === hold.after && !gone.aborted) {
        await pause();
        // The pace goes on from where it stopped, as if no time had passed.
        start = Date.now() - dueAt(sent);
      }
    }
  }
  if (gone.aborted) return;
  res.write(chunk({}, answer.finishReason));
  if (plan.usage) res.write(event({ ...base, choices: [], usage: plan.usage }));
  res.end('data: [DONE]\n\n');
}
