// Synthetic inputs and engine output for --ingest: items, and the answer lines an engine writes for
// their requests (OpenAI batch output format), in a seeded shuffled order with the cases real runs
// have: error lines, HTTP errors, answers repeated by a rerun, missing answers, logprobs, bad lines.
import { parseBatchLine } from '../../../lib/cli/batch-input';
import { planItem } from '../../../lib/cli/batch-api/prepare';
import { plannedRequests } from '../../../lib/cli/batch-api/request-line';
// A small seeded generator, so a shuffled file is the same on every run.
import { seededRandom as seeded } from '../../calibrate/synthetic';

/** A chat completion as an engine writes it into an output line; with logprobs, one token per five characters. */
export function engineCompletion(verdicts: { label: boolean; error_type?: string[] }[], withLogprobs = false) {
  const content = JSON.stringify({ verdicts: verdicts.map((v) => ({ reasoning: 'Seen in the image.', label: v.label, error_type: v.error_type ?? [] })) });
  const tokens = withLogprobs ? Array.from({ length: Math.ceil(content.length / 5) }, (_, i) => ({ token: content.slice(i * 5, i * 5 + 5), logprob: -0.05 * (i % 4) })) : null;
  return {
    id: 'chatcmpl-x',
    object: 'chat.completion',
    model: 'served-vlm',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', ...(tokens ? { logprobs: { content: tokens } } : {}) }],
    usage: { prompt_tokens: 100, completion_tokens: 10 * verdicts.length, total_tokens: 100 + 10 * verdicts.length },
  };
}

const CLAIMS = ['A dog runs on the beach.', 'Two gulls fly above the waves.', 'The sky is clear.', 'A red kite is in the air.'];

/** Input line `i` of a synthetic dataset: one to four claims, every ninth item fourteen (two requests). */
export function syntheticItem(i: number): Record<string, unknown> {
  const claims = i % 9 === 4 ? Array.from({ length: 14 }, (_, k) => `Claim ${k + 1} of item ${i} holds.`) : CLAIMS.slice(0, 1 + (i % 4)).map((c) => `${c} (${i})`);
  return { id: i % 5 === 0 ? i : `item-${i}`, image: `img/${i % 10}.jpg`, claims };
}

/** The engine's output lines for items 0..count-1 in a seeded shuffled order, as JSONL text. */
export function syntheticResponses(count: number, seed = 16): string {
  const random = seeded(seed);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = parseBatchLine(JSON.stringify(syntheticItem(i)), i + 1);
    const planned = planItem(item, false);
    for (const [chunk, request] of plannedRequests(item.key, planned.claims).entries()) {
      if (i % 11 === 5 && chunk === 0) continue; // never answered
      const verdicts = request.indices.map((k) => ({ label: (i + k) % 3 !== 0, error_type: (i + k) % 3 === 0 ? ['object'] : [] }));
      const ok = { status_code: 200, request_id: `q-${i}-${chunk}`, body: engineCompletion(verdicts, i % 4 === 1) };
      const line = (response: unknown, error: unknown) => JSON.stringify({ id: `batch_req_${i}_${chunk}`, custom_id: request.customId, response, error });
      if (i % 7 === 3) lines.push(line(null, { code: 'batch_expired', message: 'Not run before the window ended.' }));
      else if (i % 13 === 2) lines.push(line({ status_code: 500, request_id: null, body: { error: { message: 'overloaded' } } }, null));
      else if (i % 17 === 6) lines.push(line({ ...ok, body: engineCompletion(verdicts.slice(1)) }, null));
      else lines.push(line(ok, null));
      // A rerun's answer to the same request (split output files concatenated): the later line counts.
      if (i % 19 === 8) lines.push(line({ ...ok, body: engineCompletion(verdicts.map((v) => ({ label: !v.label }))) }, null));
    }
    if (i % 23 === 0) lines.push('{"custom_id": "cc-someone-else", "response": null, "error": {"code": "x", "message": "not ours"}}');
    if (i % 29 === 0) lines.push('not json');
    if (i % 31 === 0) lines.push('');
  }
  // Fisher–Yates with the seeded generator: which of two repeated answers comes later is fixed by the seed.
  const order = lines.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [order[k], order[j]] = [order[j]!, order[k]!];
  }
  return order
    .map((k) => lines[k]!)
    .map((line, k) => (k % 10 === 3 ? `${line}\r\n` : `${line}\n`)).join('');
}
