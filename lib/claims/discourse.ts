// Sentences that talk to the reader rather than about the picture: questions back, advice, offers
// and remarks about the answer itself. They are read as whole sentences, before any clause split.
// No phrase book: the grammar of a conversation says it. The answer speaks of itself in the first person
// ("I'm sorry, I can't identify people", "I hope this helps"), addresses the reader with a condition, a
// request or a modal ("If you can send a clearer photo …", "Please …", "You should store it …"), asks, or
// closes with a formula and its "!" ("Buon appetito!"). A report of what is in view describes: "I can see two
// boats", "you can make out a crack". Steps and instructions are left to the classifier, whose clause shape
// reads a verb opening on its object.
import { gated } from './gate.ts';
import { shapeFeatures } from './clause-shape.ts';
import { cueText } from './set-aside.ts';
import { FINITE, MAYBE, PERCEIVE, SUBORDINATOR, TURN as TURN_WORDS, WORD } from './words.ts';

/** Why a whole sentence is not about the image, or null. */
export type DiscourseReason = 'question' | 'advice' | 'meta-talk';

const QUESTION = /\?["'”’)\]]*$/u;

// What a person reports seeing ("I can see …", "you can tell …"), or text read off the image (blanked by cueText).
const SEEING = String.raw`(?:${PERCEIVE}|think\b|\s*$)`;
// A verb and an adverb between the person and the seeing ("can clearly", "could only"), but no "not".
const ABLE = String.raw`(?:(?!\p{L}*not\b)\p{L}+ )?(?:\p{L}+ly )?`;

// The answerer speaking of itself ("I'm sorry", "I cannot see the date", "I hope …", "let me know …"; "too blurry
// for me to read" says what cannot be made out); an offer or a request made to the reader on a condition ("If you
// can provide a clearer image, …"); what the reader asks or means ("You are asking whether …", "the part you're
// referring to"); "please"; the answer announcing itself ("Here's a detailed description of the image:").
const META = new RegExp(
  String.raw`(?<!\bfor )\b(?:i(?:'\p{L}+)?|me|my) (?!${ABLE}${SEEING})|\bif you\b|\byou(?:'re| are) \p{L}+ing (?:to|if|whether)\b|\bplease\b|^here\b.*\bof (?:what|the image)`,
  'u',
);

// A modal said to the reader ("you should", "you'll need to", "you can also search"), unless it reports a view;
// a duty in the passive ("The tablets are to be taken with food").
const ADVICE = gated(
  String.raw`\byou(?:'\p{L}+)? (?:\p{L}+ )?(?:should|must|need|have to|${MAYBE}|can)\b(?! ${ABLE}${SEEING})|\b(?:is|are) to be \p{L}+ed\b`,
  'u',
);

// "It's best to consult a pharmacist", "it is a good idea to keep the receipt": an instruction recommended
// impersonally: what follows "to" opens on an instruction verb (clause-shape.ts). "It is impossible to tell what is
// inside" says what cannot be made out.
const IMPERSONAL = gated(String.raw`\bit(?:'s| is) (?:\p{L}+ ){1,5}(?:not )?to (?!${SEEING})(.*)`, 'u');
function recommends(text: string): boolean {
  const rest = IMPERSONAL.exec(text)?.[1];
  return rest !== undefined && shapeFeatures(rest.match(WORD) ?? [], false).includes('open:imperative');
}

// A closing formula: an exclamation with no finite verb after its first word ("Sure!", "Buon appetito!",
// "Congratulations to all the graduates!", "Have a great day!"). "The sign says Stop!" has its verb.
const EXCLAIMED = /![\s"'”’)]*$/u;
const isClosing = (text: string): boolean => EXCLAIMED.test(text) && !(text.match(WORD) ?? []).slice(1).some((w) => FINITE.has(w));

// A how-to topic ("how to use the control panel") names a task to look up, not something in view.
const HOW_TO = /^how to /u;

// "There's a logo on the sleeve, but I can't make out the brand", "i don't know but it says …": the description
// beside the turn stands.
const TURN = gated(String.raw`,?\s+(?:${[...TURN_WORDS].join('|')})\s`, 'u');

// "World War I", "Queen Elizabeth I": after a capitalised word inside a sentence, "I" is part of a name, not the
// answerer. It becomes the numeral "Ⅰ", which no cue reads as a pronoun once the text is lower-cased.
const NAME_NUMERAL = /(?<=\p{L} \p{Lu}\p{L}* )I\b(?!')/gu;

/** The cue text (set-aside.ts cueText) the discourse rules read, with the "I" of a name ("World War I") set apart. */
export const talkText = (text: string): string => cueText(text.replace(NAME_NUMERAL, 'Ⅰ'));

/** Does this clause talk about the answer itself ("I can't make out the brand", "let me know if you …")? */
export function isMetaTalk(text: string): boolean {
  return META.test(text) || isClosing(text.trim());
}

// "As I walk down the street, I can tell the time from the clock": the sentence is what its main clause says, not
// an opening subordinate clause (which the clause split judges on its own).
function mainClause(text: string): string {
  const comma = text.indexOf(',');
  return comma > 0 && SUBORDINATOR.has(text.match(WORD)?.[0] ?? '') ? text.slice(comma + 1) : text;
}

/** The discourse reason for a whole sentence (lower-cased, quotes masked), or null. */
export function discourseReason(sentence: string): DiscourseReason | null {
  if (QUESTION.test(sentence.trim())) return 'question';
  const text = mainClause(sentence);
  // Meta-talk on one side of a turn is left to the clauses (split.ts), so the other side is still checked.
  const turn = TURN.search(text);
  if (isMetaTalk(text) && (turn < 0 || isMetaTalk(text.slice(0, turn)) === isMetaTalk(text.slice(turn)))) return 'meta-talk';
  if (HOW_TO.test(sentence.trim()) || ADVICE.test(text) || recommends(text)) return 'advice';
  return null;
}
