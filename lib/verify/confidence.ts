/** One token of a completion with its log probability, as the Chat Completions API reports it. */
export interface TokenLogprob {
  token: string;
  logprob: number;
}

const LABEL_VALUE = /["']label["']\s*:\s*["']?(?=true|false)/gi;

/**
 * The probability the model gave to each verdict's label, in the order the labels appear: the
 * probability of the token that carries the `true`/`false` value. Only where logprobs were sent.
 */
export function labelConfidences(tokens: readonly TokenLogprob[]): number[] {
  const starts: number[] = [];
  let text = '';
  for (const { token } of tokens) {
    starts.push(text.length);
    text += token;
  }
  const confidences: number[] = [];
  for (const match of text.matchAll(LABEL_VALUE)) {
    const valueAt = match.index + match[0].length;
    // The token whose span covers the first character of the value.
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > valueAt) i--;
    const token = tokens[i];
    if (token && Number.isFinite(token.logprob)) confidences.push(Math.min(1, Math.exp(token.logprob)));
  }
  return confidences;
}
