// An answer still being written: the page marks it busy or streaming, or its text is still changing. The caption
// finder waits for it to settle before reading it. Pure DOM reads on a timer.
import { conversationAnswers } from './conversation';

/** The answer is still being written: the page marks it busy or streaming. */
export function isStreaming(answer: Element): boolean {
  for (let el: Element | null = answer, level = 0; el && level < 4; el = el.parentElement, level++) {
    if (el.getAttribute('aria-busy') === 'true' || el.getAttribute('data-is-streaming') === 'true') return true;
    if (/(?:^|[\s_-])(?:streaming|result-streaming|generating|typing)(?:$|[\s_-])/i.test(el.getAttribute('class') ?? '')) return true;
  }
  return false;
}

/** How long the finder waits for an answer being written to finish, and how long it must stay unchanged. */
const STREAM_WAIT_MS = 20_000;
const STREAM_QUIET_MS = 1_000;
const STREAM_POLL_MS = 200;

/**
 * Waits while the answer to `image` is still being written (the page marks it busy or streaming, or its text is
 * still changing): until it is marked done and has not changed for a second. False when it was still being
 * written after the wait; true at once when the picture has no answer in a conversation.
 */
export async function answerSettled(image: Element, waitMs = STREAM_WAIT_MS): Promise<boolean> {
  const read = () => {
    const answer = conversationAnswers(image)?.answers[0];
    return answer ? { text: answer.text, streaming: isStreaming(answer.element) } : null;
  };
  let last = read();
  if (!last) return true;
  const until = Date.now() + waitMs;
  let quietSince = Date.now();
  let probed = false;
  for (;;) {
    await new Promise((done) => setTimeout(done, STREAM_POLL_MS));
    const now = read();
    if (!now) return true;
    if (now.text !== last?.text) quietSince = Date.now();
    // One look a moment later tells a finished answer from one still growing without a busy mark.
    if (!probed && !now.streaming && now.text === last?.text) return true;
    probed = true;
    last = now;
    if (!now.streaming && Date.now() - quietSince >= STREAM_QUIET_MS) return true;
    if (Date.now() > until) return false;
  }
}
