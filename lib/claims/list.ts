// One fact per claim. A kept claim that lists several things after its verb ("There are two yellow rectangles, and an
// orange square.") becomes one claim per thing, each a span of the caption, so a verdict applies to one of them; and a
// bracketed figure reference at a claim's edge ("Task State Transitions [Fig 2]") is left out of it.
import { trimPiece, trimSpan, type Span } from './span.ts';
import { DETERMINER, FINITE, INDEFINITE, PREPOSITION, WORD, words } from './words.ts';

// "[Fig 2]", "(Figure 3a)", "(see Fig. 2–4)", "[Abb. 1]", "(Table 2)": a pointer to another part of the page.
const FIGURE_REFERENCE = /\s*[[(](?:see\s+)?(?:figs?|figures?|abb|tab|tables?|plates?)\.?\s*\d+[a-z]?(?:\s*[-–,]\s*\d+[a-z]?)*[\])]/giu;

/** The claim without a bracketed figure reference at its start or end (with a full stop after it), or null if nothing else is left. */
export function withoutFigureReference(caption: string, claim: Span): Span | null {
  const refs = [...claim.text.matchAll(FIGURE_REFERENCE)].map((m) => ({ from: claim.start + m.index, to: claim.start + m.index + m[0].length }));
  if (refs.length === 0) return claim;
  let { start, end } = claim;
  for (const r of refs) if (/^\s*$/u.test(caption.slice(start, r.from))) start = r.to;
  for (const r of refs.reverse()) if (r.from >= start && /^\s*[.!?]?\s*$/u.test(caption.slice(r.to, end))) end = r.from;
  return trimPiece(caption, start, end);
}

// An item with no determiner is a thing named in a few words ("plants", "white cabinets").
const BARE_ITEM_WORDS = 3;

// Where a new item of a list starts: ", and an …", ", a …", " and two …" before an indefinite determiner.
const SEPARATOR = /(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?=(\p{L}+)\s)/giu;

// The list must be what the verb (or "there is/are") takes directly: each item opens on an indefinite determiner
// ("a", "two", "several"), the first one right after a word that is no preposition ("between a lamp and a chair" is one
// place), and no later item has a verb of its own ("a man and a woman are walking" is one statement).
/** The claim as one span per listed thing ("There are two yellow rectangles" / "an orange square."), or the claim alone. */
export function listItems(caption: string, claim: Span): Span[] {
  const cuts: Array<{ at: number; next: number; and: boolean }> = [];
  for (const m of claim.text.matchAll(SEPARATOR)) {
    if (!INDEFINITE.has(m[1]!.toLowerCase())) continue;
    cuts.push({ at: m.index, next: m.index + m[0].length, and: /\band\b/iu.test(m[0]) });
  }
  // A list ends on "and" ("a book, a pen and an apple"); a comma alone renames ("a lamp, a small green one").
  if (cuts.length === 0 || !cuts.at(-1)!.and) return [claim];
  // Items with no determiner before the first one that has one ("books, plants and a lamp"): a few words after a
  // comma, with no verb and no preposition first.
  const commas = [...claim.text.slice(0, cuts[0]!.at).matchAll(/\s*,\s*/gu)];
  for (const comma of commas.reverse()) {
    const item = [...claim.text.slice(comma.index + comma[0].length, cuts[0]!.at).matchAll(WORD)].map(([w]) => w.toLowerCase());
    if (item.length === 0 || item.length > BARE_ITEM_WORDS || PREPOSITION.has(item[0]!) || item.some((w) => DETERMINER.has(w) || FINITE.has(w))) break;
    cuts.unshift({ at: comma.index, next: comma.index + comma[0].length, and: false });
  }
  const first = claim.text.slice(0, cuts[0]!.at);
  const firstWords = [...first.matchAll(WORD)].map(([w]) => w.toLowerCase());
  // The first item: from the last indefinite determiner before the first cut.
  const opener = firstWords.findLastIndex((w) => INDEFINITE.has(w));
  if (opener === 0 || (opener > 0 && PREPOSITION.has(firstWords[opener - 1]!))) return [claim];
  // An item between the opener and the cut that holds a verb is a clause, not a thing ("a dog that is …").
  if (opener > 0 && firstWords.slice(opener + 1).some((w) => FINITE.has(w))) return [claim];
  // A first item with no determiner ("The kitchen has white cabinets, a steel fridge and …") where at least three
  // things are listed, after a subject and its verb (three words or more) and not after a preposition ("between old
  // books, …").
  if (opener < 0 && (cuts.length < 2 || firstWords.length < 3 || firstWords.slice(-3).some((w) => PREPOSITION.has(w)))) return [claim];
  const ends = [...cuts.slice(1).map((c) => c.at), claim.text.length];
  const later = cuts.map((c, i) => claim.text.slice(c.next, ends[i]));
  if (later.some((item) => [...item.matchAll(WORD)].some(([w]) => FINITE.has(w.toLowerCase())))) return [claim];
  const pieces = [trimPiece(caption, claim.start, claim.start + cuts[0]!.at), ...cuts.map((c, i) => trimPiece(caption, claim.start + c.next, claim.start + ends[i]!))];
  return pieces.every((p) => p !== null) ? (pieces as Span[]) : [claim];
}

// "and" in the languages the language test meets that write it as a word of its own (English, German, French, Spanish,
// Italian and Portuguese, Ukrainian, Hindi); the list separators of Latin, Arabic and East Asian text.
const AND = words('and und et y e і та और');
const LIST_COMMA = /\s*[,،、，]\s*/gu;
const COLON = /[:：]\s*/u;
// An item of a list is a thing named, not a sentence: a few words at most.
const ITEM_WORDS = 6;

// It needs a comma between items, so "Farben: Schwarz und Weiß" stays one claim; the lead-in stays with the first item.
/** In any language, a list after a colon ("Das Foto zeigt: einen roten Ball, eine blaue Tasse und einen kleinen Hund.") as one claim per item, or the claim alone. */
export function colonListItems(caption: string, claim: Span): Span[] {
  const colon = COLON.exec(claim.text);
  if (!colon) return [claim];
  const from = colon.index + colon[0].length;
  const rest = claim.text.slice(from);
  const cuts = [...rest.matchAll(LIST_COMMA)].map((m) => ({ at: from + m.index, next: from + m.index + m[0].length }));
  if (cuts.length === 0) return [claim];
  // The last item may hold the "and" that closes the list ("eine blaue Tasse und einen kleinen Hund").
  const lastFrom = cuts.at(-1)!.next;
  const and = [...claim.text.slice(lastFrom).matchAll(/\s+(\p{L}+)\s+/gu)].find((m) => AND.has(m[1]!.toLowerCase()));
  if (and) cuts.push({ at: lastFrom + and.index, next: lastFrom + and.index + and[0].length });
  const bounds = [from, ...cuts.map((c) => c.next)];
  const items = bounds.map((start, i) => claim.text.slice(start, cuts[i]?.at ?? claim.text.length));
  if (items.some((item) => (item.match(WORD) ?? []).length > ITEM_WORDS || !/\p{L}/u.test(item))) return [claim];
  const pieces = [0, ...cuts.map((c) => c.next)].map((start, i) => trimPiece(caption, claim.start + start, claim.start + (cuts[i]?.at ?? claim.text.length)));
  return pieces.every((p) => p !== null) ? (pieces as Span[]) : [claim];
}
