// The readable form of a check in a terminal: one row per claim (mark, claim, error types) with the
// model's reasoning under it, then what was set aside, then a one-line tally.
import type { CheckResult, ClaimLine, SetAsideResult } from './check-item';

export interface Style {
  green(text: string): string;
  red(text: string): string;
  dim(text: string): string;
}

export const PLAIN: Style = { green: (t) => t, red: (t) => t, dim: (t) => t };
export const ANSI: Style = {
  green: (t) => `\x1b[32m${t}\x1b[39m`,
  red: (t) => `\x1b[31m${t}\x1b[39m`,
  dim: (t) => `\x1b[2m${t}\x1b[22m`,
};

/** Colors only on a terminal, and never when NO_COLOR is set. */
export function styleFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): Style {
  return stream.isTTY && env.NO_COLOR === undefined ? ANSI : PLAIN;
}

const INDENT = ' '.repeat(13);

/** One claim's row and its reasoning line. */
export function formatClaimRow(index: number, claim: ClaimLine, style: Style = PLAIN): string {
  const number = String(index + 1).padStart(3);
  const mark = claim.label === null ? style.dim('?  none ') : claim.label ? style.green('✓  true ') : style.red('✗  false');
  const types = claim.error_type.length ? `  [${claim.error_type.join(', ')}]` : '';
  const reasoning = claim.reasoning ?? 'The model gave no verdict for this claim.';
  // With a calibration, a verdict below its threshold keeps its label but says to look yourself.
  const unsure = claim.decided === false && claim.label !== null ? style.dim('  (unsure — look yourself)') : '';
  return `${number} ${mark}  ${claim.text}${style.red(types)}${unsure}\n${INDENT}${style.dim(reasoning)}`;
}

/** The set-aside pieces, listed as not checked. */
export function formatSetAside(setAside: readonly SetAsideResult[], style: Style = PLAIN): string[] {
  if (setAside.length === 0) return [];
  return ['', `Not checked (${setAside.length} set aside, not verifiable from the image):`, ...setAside.map((s) => `    - "${s.text}" ${style.dim(`(${s.reason})`)}`)];
}

/** The closing tally: counts, model, tokens. */
export function formatTally(result: CheckResult): string {
  const trueCount = result.claims.filter((c) => c.label === true).length;
  const falseCount = result.claims.filter((c) => c.label === false).length;
  const missing = result.claims.length - trueCount - falseCount;
  const parts = [`${result.claims.length} claim${result.claims.length === 1 ? '' : 's'}: ${trueCount} true, ${falseCount} false`];
  if (missing) parts[0] += `, ${missing} without a verdict`;
  parts.push(result.model, `${result.usage.prompt_tokens} + ${result.usage.completion_tokens} tokens`);
  return parts.join(' · ');
}

/** The whole check as text (without the rows, when they were already streamed). */
export function formatResult(result: CheckResult, style: Style = PLAIN, rowsShown = false): string {
  const lines: string[] = [];
  if (!rowsShown) lines.push(...result.claims.map((c, i) => formatClaimRow(i, c, style)));
  lines.push(...formatSetAside(result.set_aside, style));
  lines.push(...result.notes.map((n) => style.dim(`Note: ${n}`)));
  lines.push('', formatTally(result));
  return lines.join('\n');
}
