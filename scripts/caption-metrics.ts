// Scoring for bench-captions: whether a preselected caption is the gold one, and the table it prints.

/** One gold image and what each finder put forward for it. */
export interface Outcome {
  page: string;
  heldOut: boolean;
  img: string;
  gold: string | null;
  goldCredit: string;
  /** What the extension's chooser preselected ("" when nothing). */
  ours: string;
  offered: string[];
  shownCredit: string;
  alt: string;
  figcaptionElseAlt: string;
}

/** A text as captions are compared: case, punctuation and spacing set aside (also how gold texts are found on their pages). */
export const normalize = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”„«»]/g, '"')
    .replace(/[^\p{L}\p{N}'"]+/gu, ' ')
    .trim();

/** Same caption up to case, punctuation and spacing (a fact-checker would accept either). */
export function captionMatches(found: string, gold: string | null): boolean {
  if (gold === null) return !found.trim();
  return !!found.trim() && normalize(found) === normalize(gold);
}

/** The gold credit (or a distinctive part of it) ended up inside the caption that would be checked. */
export function creditLeaks(found: string, credit: string): boolean {
  if (!credit || !found) return false;
  const text = normalize(found);
  const parts = credit.split(/\s*[/·|]\s*|\s+-\s+/);
  // A one-word outlet ("Correctiv") may be part of the story itself; a name or the whole credit may not.
  return parts.some((part) => {
    const p = normalize(part.replace(/^(?:photo|image|credit|foto|bild|quelle|source)\s*:?\s*/i, ''));
    return p.length >= 4 && (p.includes(' ') || parts.length === 1) && text.includes(p);
  });
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}% (${n}/${of})` : '–');

/** The bench table: the extension against the two naive baselines, one row each. */
export function summarize(outcomes: Outcome[]): string {
  const captioned = outcomes.filter((o) => o.gold !== null);
  const captionless = outcomes.filter((o) => o.gold === null);
  const withCredit = captioned.filter((o) => o.goldCredit);
  const row = (name: string, pick: (o: Outcome) => string, offered: (o: Outcome) => string[]) =>
    `| ${name} | ${pct(captioned.filter((o) => captionMatches(pick(o), o.gold)).length, captioned.length)} | ${pct(
      captioned.filter((o) => offered(o).some((c) => captionMatches(c, o.gold))).length,
      captioned.length,
    )} | ${pct(withCredit.filter((o) => pick(o) && !creditLeaks(pick(o), o.goldCredit)).length, withCredit.filter((o) => pick(o)).length)} | ${pct(
      captionless.filter((o) => pick(o).trim()).length,
      captionless.length,
    )} |`;
  return [
    '| finder | top-1 on captioned | gold offered | credit-free (of preselected with a credit) | captionless with a preselection |',
    '|---|---|---|---|---|',
    // The preselected caption is offered too; the listed buttons may shorten a long one.
    row('Caption Check', (o) => o.ours, (o) => [o.ours, ...o.offered]),
    row('alt', (o) => o.alt, (o) => [o.alt]),
    row('figcaption, else alt', (o) => o.figcaptionElseAlt, (o) => [o.figcaptionElseAlt]),
  ].join('\n');
}
