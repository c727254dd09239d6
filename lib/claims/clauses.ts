import { isMetaTalk } from './discourse.ts';
import { evidenceVerb } from './evidence.ts';
import { trimPiece, type Clause, type ClauseKind, type Span } from './span.ts';
import { restrictiveRelative } from './relative.ts';
import { AUXILIARY, COORDINATOR, DETERMINER, FINITE, OBJECT_PRONOUN, PREPOSITION, READ_OUT, RELATIVE, SUBJECT_PRONOUN, SUBORDINATOR, TURN, isSuperlative, words, type Token } from './words.ts';



const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’\-]*|[,;:\u2013\u2014]|\s-\s/gu;

const HEDGE_LEAD = words('likely possibly probably perhaps maybe ready');
// Words that can be the subject of a clause on their own.
const SUBJECT = new Set([...SUBJECT_PRONOUN, ...words('there this these those that one someone everyone')]);
// Plural present verbs carry no mark, so the commonest ones in image descriptions are listed.
const VERB_BASE = words(
  'stand sit lie lay hang grow line walk run play hold wear look appear fly float rest cover surround fill stretch lead face ' +
    'show contain include feature ride carry watch wait move graze swim eat drink smile pose gather sleep lean',
);
const IRREGULAR_PLURAL = words('people children men women police cattle sheep mice feet');
const isPluralNoun = (w: string) => IRREGULAR_PLURAL.has(w) || (/[^su'i]s$/u.test(w) && w.length > 3);


function tokenize(caption: string, sentence: Span): Token[] {
  const tokens: Token[] = [];
  let finite = 0;
  for (const match of sentence.text.matchAll(TOKEN)) {
    const start = sentence.start + match.index;
    const raw = match[0];
    const word = raw.trim().toLowerCase();
    tokens.push({ word, start, end: start + raw.length, isWord: /[\p{L}\p{N}]/u.test(raw), finiteBefore: finite });
    if (FINITE.has(word)) finite++;
  }
  return tokens;
}

/** Does a subject-plus-finite-verb clause begin at token `i`? */
function startsClause(tokens: Token[], i: number, limit = tokens.length): boolean {
  const first = tokens[i];
  if (!first?.isWord) return false;
  const next = tokens[i + 1];
  if (SUBJECT.has(first.word)) {
    if (i + 1 >= limit) return false;
    if (SUBJECT_PRONOUN.has(first.word)) return Boolean(next?.isWord);
    return Boolean(next?.isWord && FINITE.has(next.word));
  }
  // "Trees stand …", "drivers are …": a bare plural subject.
  if (isPluralNoun(first.word) && next && (FINITE.has(next.word) || VERB_BASE.has(next.word))) return true;
  if (!DETERMINER.has(first.word) && !first.word.endsWith("'s")) return false;
  let sawPreposition = false;
  for (let k = i + 1; k < Math.min(limit, i + 8); k++) {
    const token = tokens[k]!;
    if (!token.isWord || COORDINATOR.has(token.word)) return false;
    if (FINITE.has(token.word)) return true;
    if (PREPOSITION.has(token.word)) sawPreposition = true;
    // "two men play": a plural noun, then a verb in its base form.
    if (!sawPreposition && VERB_BASE.has(token.word) && isPluralNoun(tokens[k - 1]!.word)) return true;
    // "a dog runs": an -s word right after a noun phrase is a verb, not a plural noun.
    const before = tokens[k - 1]!;
    if (!sawPreposition && k >= i + 2 && /[^su's]s$/u.test(token.word) && !DETERMINER.has(before.word) && !before.word.endsWith("'s") && !isPluralNoun(before.word)) return true;
  }
  return false;
}

const INTERRUPTION: ReadonlySet<ClauseKind> = new Set(['relative', 'hedge', 'participle']);

// "according to", "during": -ing words that are prepositions, not participle add-ons.
const NOT_PARTICIPLE = words('according during');
const isParticiple = (w: string) => w.length > 4 && w.endsWith('ing') && !NOT_PARTICIPLE.has(w);

/** "feeding, resting, or breeding": an -ing word that is one item of a list, not an add-on. */
function inGerundList(tokens: Token[], i: number): boolean {
  let k = i + 1;
  while (k < tokens.length && tokens[k]!.isWord) k++;
  if (tokens[k]?.word !== ',') return false;
  for (let j = k + 1; j < Math.min(tokens.length, k + 4); j++) {
    const w = tokens[j]!;
    if (!w.isWord) return false;
    if (isParticiple(w.word)) return true;
  }
  return false;
}

/** Does the piece `[from, to)` already state something (a finite verb), so a new clause may follow? */
function hasFiniteVerb(tokens: Token[], from: number, to: number): boolean {
  const upTo = (k: number) => {
    const last = tokens.at(-1);
    return tokens[k]?.finiteBefore ?? (last ? last.finiteBefore + (FINITE.has(last.word) ? 1 : 0) : 0);
  };
  const finiteInPiece = upTo(to) - upTo(from);
  const lead = tokens[from]?.word ?? '';
  const subject = COORDINATOR.has(lead) || SUBORDINATOR.has(lead) || lead === 'whereas' ? from + 1 : from;
  if (finiteInPiece > 0 || startsClause(tokens, subject, to)) return true;
  // "Behind her, a man leans …": after a leading phrase and its comma, the clause starts anew.
  // The comma right before `to` is the one being weighed, so it is not counted ("In the background, there is …").
  for (let k = from; k < to - 1; k++) if (tokens[k]!.word === ',' && startsClause(tokens, k + 1, to)) return true;
  return false;
}

/** Does a clause state something of its own (a verb), rather than only name a thing ("The table")? */
export function statesSomething(clause: Span): boolean {
  const tokens = tokenize(clause.text, { ...clause, start: 0 });
  return hasFiniteVerb(tokens, 0, tokens.length);
}

/** Does a verbless phrase of three or more words run from token `i` to the sentence's end? */
function appositiveToEnd(tokens: Token[], i: number): boolean {
  const rest = tokens.slice(i);
  return rest.length >= 3 && rest.every((t) => t.isWord && !FINITE.has(t.word) && !COORDINATOR.has(t.word));
}

/** What kind of add-on starts at token `i` after a comma, or null when the comma joins list items. */
function addOnAfterComma(tokens: Token[], i: number, pieceStart: number, current: ClauseKind): ClauseKind | null {
  const token = tokens[i];
  if (!token?.isWord) return null;
  const w = token.word;
  const next = tokens[i + 1];
  // "A dog, possibly a terrier, sits on …": after an interruption, an -s verb resumes the predicate.
  if (INTERRUPTION.has(current) && /[^su's]s$/u.test(w) && next && (PREPOSITION.has(next.word) || DETERMINER.has(next.word))) {
    return 'main';
  }
  if (RELATIVE.has(w)) return 'relative';
  // "This is LeBron James, one of the greatest players in NBA history": an aside that ranks what was named.
  if (w === 'one' && next?.word === 'of' && tokens[i + 2]?.word === 'the' && isSuperlative(tokens[i + 3]?.word ?? '')) return 'relative';
  if (SUBORDINATOR.has(w)) return 'subordinate';
  // "This is a bottle of Heinz, a popular brand of ketchup": a closing noun phrase that renames what the clause
  // named is an add-on like ", which is …", judged on its own (list items end in "and …", or are short).
  if ((w === 'a' || w === 'an') && hasFiniteVerb(tokens, pieceStart, i) && appositiveToEnd(tokens, i)) return 'relative';
  // "The lamp, which is red, stands …": the predicate resumes after an interruption.
  if (FINITE.has(w) && i - 1 > pieceStart) return 'main';
  if (COORDINATOR.has(w)) {
    if (!hasFiniteVerb(tokens, pieceStart, i)) return null;
    // ", and is parked …" shares the subject but still states something of its own.
    return startsClause(tokens, i + 1) || (next && FINITE.has(next.word)) ? 'coordinate' : null;
  }
  // ", including a maple doughnut and a coconut one": a list of what is in view, whatever was said of the whole.
  if (w === 'with' || w === 'without' || w === 'including') return 'participle';
  if (HEDGE_LEAD.has(w)) return 'hedge';
  if (isParticiple(w) && !inGerundList(tokens, i)) return 'participle';
  if (w.endsWith('ed') && next && PREPOSITION.has(next.word)) return 'participle';
  if (startsClause(tokens, i) && hasFiniteVerb(tokens, pieceStart, i)) return 'coordinate';
  return null;
}


/** Does "to" at token `i` open a purpose with its own object ("to fill the truck"), not a place ("to the left")? */
function purposeFollows(tokens: Token[], i: number): boolean {
  const verb = tokens[i + 1];
  const object = tokens[i + 2];
  // "too dark to read the label" says how dark, not what for.
  if (!verb?.isWord || !object?.isWord || tokens[i - 2]?.word === 'too') return false;
  if (DETERMINER.has(verb.word) || SUBJECT.has(verb.word) || OBJECT_PRONOUN.has(verb.word) || PREPOSITION.has(verb.word)) return false;
  if (/^\p{N}/u.test(verb.word) || verb.word === 'be' || verb.word.endsWith('ing')) return false;
  return DETERMINER.has(object.word) || OBJECT_PRONOUN.has(object.word);
}

/**
 * Does the piece's verb state or show rather than act ("there is a button to reset", "the screen shows an option to
 * restart", "it appears to be")? Then "to" completes a noun or the verb; a purpose follows an action ("carries the
 * boxes to fill the truck", "is carrying …").
 */
function statesOrShows(tokens: Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).some((t, k) => FINITE.has(t.word) && !/ing$/u.test(tokens[from + k + 1]?.word ?? ''));
}

/** "… for protection.": a bare noun (no determiner, number or -ing) ends the clause after "for", and no reporting verb comes before it. */
function purposeNounEnds(tokens: Token[], i: number): boolean {
  const noun = tokens[i + 1];
  if (!noun?.isWord || tokens[i + 2]?.isWord || FINITE.has(tokens[i - 1]?.word ?? '')) return false;
  return !DETERMINER.has(noun.word) && !/^\p{N}|ing$/u.test(noun.word);
}

/** Splits one sentence into clauses: coordinated statements, relative and participle add-ons. */
export function splitClauses(caption: string, sentence: Span): Clause[] {
  const tokens = tokenize(caption, sentence);
  // Text quoted from the image is read as a whole: nothing inside a quotation is cut ("Guide Dog – Do Not Pet").
  const quotes = [...sentence.text.matchAll(/"[^"]*"|“[^”]*”/gu)].map((m) => [sentence.start + m.index, sentence.start + m.index + m[0].length] as const);
  // So is what a label or screen says after a colon ("The screen says: Low battery, connect the charger").
  const read = READ_OUT.exec(sentence.text);
  if (read) quotes.push([sentence.start + read.index, sentence.end]);
  const quoted = (at: number) => quotes.some(([from, to]) => at > from && at < to);
  const cuts: Array<{ at: number; kind: ClauseKind }> = [{ at: sentence.start, kind: 'main' }];
  let pieceStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let kind: ClauseKind | null = null;
    let cutToken = i;
    // At a piece's start, or after its "and"/"but": the subject of an evidence clause becomes a piece of its
    // own kind, and what it concludes goes on as a main clause.
    if (i === pieceStart || (i === pieceStart + 1 && COORDINATOR.has(tokens[pieceStart]!.word))) {
      const verb = evidenceVerb(tokens, i);
      if (verb > i) {
        cuts.at(-1)!.kind = 'evidence';
        cuts.push({ at: tokens[verb]!.start, kind: 'main' });
        pieceStart = verb;
        i = verb;
        continue;
      }
    }
    if (!token.isWord) {
      // Semicolons always join statements; commas and dashes only when an add-on or clause follows.
      kind = token.word === ';' ? 'coordinate' : addOnAfterComma(tokens, i + 1, pieceStart, cuts.at(-1)!.kind);
      // ", but I can't make out the brand": talk about the answer after a turn is a clause of its own.
      if (kind === null && token.word === ',' && TURN.has(tokens[i + 1]?.word ?? '') && isMetaTalk(caption.slice(tokens[i + 1]!.start, sentence.end).toLowerCase())) kind = 'coordinate';
      if (kind === null && (isFraming(tokens, pieceStart, i) || framingFollows(tokens, i + 1))) kind = 'main';
      cutToken = i + 1;
    } else if (i > pieceStart && (token.word === 'because' || (token.word === 'so' && tokens[i + 1]?.word === 'that'))) {
      // "holding the pizza because she is eating it": the cause is a claim of its own kind.
      kind = 'subordinate';
    } else if (token.word === 'so' && i > pieceStart + 1 && startsClause(tokens, i + 1) && hasFiniteVerb(tokens, pieceStart, i)) {
      // "it is raining so they stay inside": a consequence without its comma is cut as with one.
      kind = 'subordinate';
    } else if (restrictiveRelative(tokens, i) && i > pieceStart + 1 && hasFiniteVerb(tokens, pieceStart, i)) {
      // "next to a bowl that is used for water": the bowl is seen, what it is used for is another clause.
      kind = 'relative';
    } else if (token.word === 'for' && purposeNounEnds(tokens, i) && cuts.at(-1)!.kind === 'main' && hasFiniteVerb(tokens, pieceStart, i)) {
      // "wearing a helmet for protection": the helmet is seen, what it is for (a bare noun ending the clause) is a reason.
      kind = 'subordinate';
    } else if (token.word === 'to' && i > pieceStart + 1 && purposeFollows(tokens, i) && hasFiniteVerb(tokens, pieceStart, i) && !statesOrShows(tokens, pieceStart, i)) {
      // "carries the boxes to fill the truck": the purpose is a clause of its own, so the carrying stays a claim.
      kind = 'subordinate';
    } else if (i > pieceStart && (COORDINATOR.has(token.word) || token.word === 'while' || token.word === 'whereas')) {
      const next = tokens[i + 1];
      const sharesSubject = token.word === 'and' && next !== undefined && AUXILIARY.has(next.word);
      // "while a dog watches" subordinates a clause even when the verb before it went unrecognised.
      const leftIsClause = token.word === 'while' || token.word === 'whereas' || hasFiniteVerb(tokens, pieceStart, i);
      if ((startsClause(tokens, i + 1) || sharesSubject) && leftIsClause) kind = 'coordinate';
    }
    if (kind !== null && cutToken < tokens.length && !quoted(tokens[cutToken]!.start)) {
      cuts.push({ at: tokens[cutToken]!.start, kind });
      pieceStart = cutToken;
    }
  }
  const clauses: Clause[] = [];
  cuts.forEach((cut, index) => {
    const end = cuts[index + 1]?.at ?? sentence.end;
    const span = trimPiece(caption, cut.at, end);
    if (span) clauses.push({ ...span, kind: cut.kind });
  });
  return clauses;
}

// Openers that frame or sequence a statement without stating anything ("In the image,", "Firstly,").
const FRAMING = new RegExp(
  [
    '^(?:(?:in|from|based on) (?:the|this) (?:image|photo|photograph|snapshot|scene)',
    '|additionally|firstly|first|secondly|second|thirdly|third|lastly|finally|furthermore|however|overall',
    '|in conclusion|alternatively|on the other hand|for example',
    '|therefore)$',
  ].join(''),
  'u',
);

function isFraming(tokens: Token[], from: number, to: number): boolean {
  if (to - from > 5) return false;
  return FRAMING.test(
    tokens
      .slice(from, to)
      .map((t) => t.word)
      .join(' '),
  );
}

/** ", on the other hand, could …": a framing phrase between two commas gets a piece of its own. */
function framingFollows(tokens: Token[], from: number): boolean {
  let to = from;
  while (to < tokens.length && tokens[to]!.isWord) to++;
  return tokens[to]?.word === ',' && isFraming(tokens, from, to);
}

/** A leading framing phrase of a clause ("In the image"), which is neither a claim nor set aside. */
export function isFramingText(text: string): boolean {
  return FRAMING.test(text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '').trim());
}
