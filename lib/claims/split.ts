import { t } from '../i18n';
import { z } from 'zod';
import { splitClauses, isFramingText, statesSomething } from './clauses.ts';
import { discourseReason, isMetaTalk, talkText } from './discourse.ts';
import { judgeClause, type ClauseFacts } from './classifier.ts';
import { languageTag, looksEnglish } from './language.ts';
import { layoutBlocks } from './layout.ts';
import { isHedged, setAsideReason, type SetAsideReason } from './set-aside.ts';
import { splitSentences } from './sentences.ts';
import { claimSpanSchema, setAsideSchema, type Clause, type Span } from './span.ts';
import { isModelDirective } from '../verify/injection.ts';
import { requestReason } from './request.ts';
import { colonListItems, listItems, withoutFigureReference } from './list.ts';
import { AUXILIARY, COORDINATOR, DETERMINER, PREPOSITION, RELATIVE, WORD } from './words.ts';

export { claimSpanSchema, setAsideSchema, spanSchema, type Span } from './span.ts';
export { splitSentences } from './sentences.ts';
export { capClaims, DEFAULT_MAX_CLAIMS } from './cap.ts';
export type { SetAsideReason } from './set-aside.ts';
export type { ClauseFacts } from './classifier.ts';

export const splitResultSchema = z.object({
  claims: z.array(claimSpanSchema),
  setAside: z.array(setAsideSchema),
  notes: z.array(z.string()).optional(),
});
/** Claims and set-aside pieces, each in caption order; they never overlap. `notes` say what the split could not do. */
export type SplitResult = z.infer<typeof splitResultSchema>;

// Epistemic scope: in "the hats might protect them, keeping them dry" or "the meter indicates that
// parking is paid, and drivers are expected to pay", the add-on is only as certain as what it hangs on.
const SCOPING: ReadonlySet<SetAsideReason> = new Set(['inference', 'speculation', 'inference about intent']);

// A clause that opens on a thing in view or a place ("On the table is a popular game", "The can is …"), not on a
// kind or a name ("Acme is a brand of chips").
function opensInView(text: string): boolean {
  const first = /^(?:(?:and|but)\s+)?(\p{L}+)/u.exec(text.toLowerCase())?.[1] ?? '';
  return PREPOSITION.has(first) || DETERMINER.has(first) || first === 'it' || first === 'there' || first === 'here' || first === 'next';
}

function inheritedReason(clause: Clause, previous: SetAsideReason | null, restrictive: boolean, aboutTheWorld: boolean): SetAsideReason | null {
  // "Acme is a brand of chips that are sold in tubes": a relative clause with no comma narrows a noun of a
  // statement about a kind or a name, set aside as world knowledge, so it speaks of the world too.
  if (restrictive && aboutTheWorld) return 'world knowledge';
  if (!previous) return null;
  // "because it is the first time that she approaches …": a relative clause with no comma belongs to a noun
  // inside a reason or a guess, and is only as certain as it.
  if (restrictive && (SCOPING.has(previous) || previous === 'reasoning')) return previous;
  // ", including …" lists what its clause speaks of: things in view after an opinion of them ("a unique
  // selection, including …"), things in general after a general statement ("Yamaha makes keyboards, including …").
  if (/^including\b/iu.test(clause.text)) return SCOPING.has(previous) || previous === 'reasoning' || previous === 'world knowledge' ? previous : null;
  // "…, keeping them dry" and "…, without exceeding six a day" say how the clause before them happens.
  if (clause.kind === 'participle' && /^(?:(?:without|by) )?\p{L}+ing\b/u.test(clause.text)) return previous;
  // ", possibly at a vintage store" narrows the clause it hangs on, so it shares its status.
  if (clause.kind === 'hedge') return previous;
  if (clause.kind === 'coordinate' && SCOPING.has(previous) && /^(?:and|or)\b/iu.test(clause.text)) return previous;
  return null;
}

// A coordinated clause is sent on its own, so the word that joined it ("and a dog runs…") only
// gets in the way of the claim; the span starts after it (the set-aside pieces keep theirs).

function withoutLeadingConjunction(caption: string, piece: Span): Span {
  const match = /^(?:and|but|yet)\s+(?=\S)/iu.exec(piece.text);
  if (!match) return piece;
  const start = piece.start + match[0].length;
  return { text: caption.slice(start, piece.end), start, end: piece.end };
}

/** How to split: `keepAll` sets nothing aside; `locale` picks the sentence rules (default: English). */
export interface SplitOptions {
  keepAll?: boolean;
  locale?: string;
}

/** Said once when the caption is not English, so nobody takes "nothing set aside" for a verdict on it. */
export const notEnglishNote = (): string => t('noteNotEnglish');

/** Said once when the text reads as English but its page (or the CLI's --lang) declares another language. */
export const notEnglishPageNote = (locale: string): string => t('noteOtherLanguage', locale);

/** Whether the set-aside rules (English only) read this caption: its text looks English and its language tag, if any, says so. */
export function readsAsEnglish(caption: string, locale?: string, textEnglish = looksEnglish(caption)): boolean {
  return textEnglish && /^en\b/iu.test(languageTag(locale) ?? 'en');
}

/** The on-device split: the caption's checkable claims as spans, and what is set aside. */
export function splitCaption(caption: string, options: SplitOptions = {}): SplitResult {
  const result: SplitResult = { claims: [], setAside: [] };
  const locale = languageTag(options.locale) ?? 'en';
  const textEnglish = looksEnglish(caption);
  const english = readsAsEnglish(caption, locale, textEnglish);
  const filter = english && !options.keepAll;
  if (!english && !options.keepAll) result.notes = [textEnglish ? notEnglishPageNote(locale) : notEnglishNote()];
  walkCaption(caption, locale, english, filter, result, judgeClause, !options.keepAll);
  return result;
}

type Decide = (facts: ClauseFacts) => SetAsideReason | null;

/** Every clause of the caption that the set-aside stage judges, in order (sentences set aside whole are skipped). */
export function clauseFacts(caption: string, locale = 'en'): ClauseFacts[] {
  const seen: ClauseFacts[] = [];
  walkCaption(caption, locale, true, true, { claims: [], setAside: [] }, (facts) => {
    seen.push(facts);
    return null;
  });
  return seen;
}

// `requests`: set aside a request to the model (request.ts) in any language; off only with --keep-all.
function walkCaption(caption: string, locale: string, english: boolean, filter: boolean, result: SplitResult, decide: Decide, requests = filter): void {
  for (const block of layoutBlocks(caption)) {
    for (const sentence of splitSentences(block.text, locale, english)) {
      const at = block.start + sentence.start;
      const span = { text: sentence.text, start: at, end: at + sentence.text.length };
      splitSentence(caption, span, block.question, filter && !block.read, result, decide, requests && !block.read);
    }
  }
}

// A relative pronoun or "that" opening a piece: in lower case at a sentence's start ("… the weather model\nthat
// uncovered …"), the sentence was cut off its head by a line break or a full stop.
const opensRelative = (text: string) => {
  const first = /^(\p{L}+)\s/u.exec(text)?.[1]?.toLowerCase() ?? '';
  return first === 'that' || RELATIVE.has(first);
};

const INTERRUPTION: ReadonlySet<Clause['kind']> = new Set(['relative', 'participle', 'hedge']);

/**
 * Does a kept clause go back into the claim just before it? A relative clause with no comma ("a man who is
 * wearing a hat") is cut only so that what it adds can be set aside; and a claim that is only a subject so far
 * ("The table" in "The table, which is made of oak, has four chairs") waits for its predicate. Either way,
 * kept, they are one claim.
 */
function joinsLastClaim(caption: string, last: Span, subjectOnly: boolean, clause: Clause): boolean {
  const gap = caption.slice(last.end, clause.start);
  if (clause.kind === 'relative' && /^\s*$/u.test(gap)) return true;
  // ", a small red one" renames what the claim named: kept, it is part of that claim.
  if (clause.kind === 'relative' && /^an?\s/iu.test(clause.text)) return true;
  // ", which is covered in wires" says more of what the claim named: kept, it goes back to its head rather than
  // standing alone as a fragment (also across a full stop or a line break: opensRelative).
  if (opensRelative(clause.text) && /^[\s,.]*$/u.test(gap)) return true;
  // ", including a maple doughnut and …" is cut off only so that it outlives a head set aside; "… and is holding a
  // rabbit" shares its subject with the claim before it, and alone would have none.
  const [first, second] = (clause.text.match(WORD) ?? []).map((w) => w.toLowerCase());
  const sharesSubject = first === 'including' || (COORDINATOR.has(first ?? '') && AUXILIARY.has(second ?? ''));
  if (sharesSubject && /^[\s,]*$/u.test(gap)) return true;
  return subjectOnly && /^[\s,\u2013\u2014-]*$/u.test(gap);
}

/** A first clause that states something itself, with no condition or purpose before it and no talk to the reader in it. */
const headStates = (clause: Clause) =>
  clause.kind === 'main' && statesSomething(clause) && !/^(?:to|if|when|before|after|once|unless|in case)\b/iu.test(clause.text) && discourseReason(talkText(clause.text)) === null;

function splitSentence(caption: string, sentence: Span, question: boolean, filter: boolean, result: SplitResult, decide: Decide, requests: boolean): void {
  // The question of a VQA answer is context for the answer, never a claim of its own; nor is a request to the model
  // ("Describe this image", "Beschreibe dieses Bild"), in any language.
  // Text that speaks to the model ("ignore the above…") is never set aside: kept as a claim, the verify
  // stage flags it and checks it in a request of its own, and the result names it (lib/verify/injection.ts).
  const directive = isModelDirective(sentence.text);
  const asked = requests && !directive ? requestReason(sentence.text) : null;
  const whole = question ? 'question' : (asked ?? (filter && !directive ? discourseReason(talkText(sentence.text)) : null));
  // "The carton is open, so you should use it within three days": advice or talk about the answer that is only an
  // add-on to a statement is set aside alone, clause by clause; the statement before it is checked.
  const addOnTalk = whole === 'advice' || whole === 'meta-talk';
  const clauses = !whole || addOnTalk ? splitClauses(caption, sentence) : [];
  const head = addOnTalk && clauses.length > 1 ? clauses.find((c) => !isFramingText(c.text)) : undefined;
  const perClause = head !== undefined && headStates(head);
  if (whole && !perClause) {
    result.setAside.push({ ...sentence, reason: whole });
    return;
  }
  // Inheritance follows the word rules, so a clause reads the same whatever the classifier said before it;
  // only a relative clause with no comma shares the final status of the statement about the world it narrows.
  let previous: SetAsideReason | null = null;
  let aboutTheWorld = false;
  // Kept, a relative clause cut off its head by a line break or a full stop goes back to the claim before it.
  const before = result.claims.at(-1);
  let lastClaim: SplitResult['claims'][number] | undefined =
    /^\p{Ll}/u.test(sentence.text) && opensRelative(sentence.text) && before && /^[\s.]*$/u.test(caption.slice(before.end, sentence.start)) ? before : undefined;
  let subjectOnly = false;
  let previousEnd = sentence.start;
  const firstClaim = result.claims.length;
  for (const clause of clauses) {
    // "In the image," and "Firstly," state nothing: they are left uncovered rather than checked.
    if (isFramingText(clause.text)) continue;
    const piece: Span = { text: clause.text, start: clause.start, end: clause.end };
    const talk = perClause ? discourseReason(talkText(clause.text)) : isMetaTalk(talkText(clause.text)) ? 'meta-talk' : null;
    const own = filter ? (talk ?? setAsideReason(clause.text, clause.kind)) : null;
    const restrictive = clause.kind === 'relative' && /^\s*$/u.test(caption.slice(previousEnd, clause.start));
    previousEnd = clause.end;
    const rule: SetAsideReason | null = own ?? (filter ? inheritedReason(clause, previous, restrictive, aboutTheWorld) : null);
    previous = rule;
    const reason: SetAsideReason | null = filter && !isModelDirective(clause.text) ? decide({ clause, rule, inherited: !own && rule !== null }) : null;
    aboutTheWorld = reason === 'world knowledge' && !opensInView(clause.text);
    if (reason) {
      result.setAside.push({ ...piece, reason });
      lastClaim = undefined;
    } else if (lastClaim && joinsLastClaim(caption, lastClaim, subjectOnly, clause)) {
      Object.assign(lastClaim, { text: caption.slice(lastClaim.start, clause.end), end: clause.end, hedged: lastClaim.hedged || isHedged(clause.text) });
      subjectOnly &&= INTERRUPTION.has(clause.kind);
    } else {
      lastClaim = { ...withoutLeadingConjunction(caption, piece), hedged: isHedged(clause.text) };
      subjectOnly = clause.kind === 'main' && !statesSomething(clause);
      result.claims.push(lastClaim);
    }
  }
  // One fact per claim: a listed thing each (English; in any other language a list after a colon), and no figure
  // reference at a claim's edge (list.ts). `requests` is off with --keep-all and for text read off the image.
  for (const claim of result.claims.splice(firstClaim)) {
    const trimmed = withoutFigureReference(caption, claim);
    if (!trimmed) continue;
    const pieces = filter ? listItems(caption, trimmed) : requests ? colonListItems(caption, trimmed) : [trimmed];
    for (const piece of pieces) result.claims.push({ ...piece, hedged: claim.hedged });
  }
}
