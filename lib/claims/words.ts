/** What the claim stages share: the token, finite verbs, prepositions, things that bear text, and how a word list is written. */
export const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));

export const FINITE = words(
  'is are was were am has have had can could may might will would should must does do did appears appear appeared seems seem seemed looks suggests suggest indicates indicate implies imply shows show ' +
    'creates adds makes gives provides offers features includes contains captures depicts showcases highlights says reads warns mentions displays lists states',
);
export const PREPOSITION = words(
  'of for by with in on at to from against under near into onto over along across above below behind beside around through between among inside outside atop beneath underneath within beyond toward towards upon amid after before during',
);

/** A superlative, which ranks a thing among others ("one of the greatest players in history"): "most", "best", "worst" or an -est word. */
export const isSuperlative = (word: string): boolean => /^(?:most|best|worst|\p{L}{3,}est)$/u.test(word);

/** A word as the claim stages read it: letters with an inner apostrophe ("can't", "it's"), or a number. */
export const WORD = /\p{L}+(?:'\p{L}+)?|\p{N}+/gu;

/** Personal pronouns, also contracted with "be": who the subject is, never what the clause says of them. */
export const PERSONAL = words("he she they we i you he's she's they're we're i'm you're");
/** Determiners that point at something known or in view: "the lamp", "her bag". */
export const DEFINITE = words('the this that these those its his her their our my your');
/** Determiners that introduce something: "a lamp", "two bags", "some fruit". */
export const INDEFINITE = words('a an one two three four five six seven eight nine ten several some few couple pair');
/** Quantifiers that make a noun a whole kind: "most jams", "all phones", "such devices". */
export const QUANTIFIER = words('most many all every any such no both various certain');
/** Every determiner: where a noun phrase starts. */
export const DETERMINER: ReadonlySet<string> = new Set([...DEFINITE, ...INDEFINITE, ...QUANTIFIER, ...words('each another other')]);
/** Pronouns as a subject, and as an object. */
export const SUBJECT_PRONOUN = words('he she it they we i you');
export const OBJECT_PRONOUN = words('him her them it me us you himself herself themselves itself');
/** Words that open a subordinate clause. */
export const SUBORDINATOR = words('as while whereas because since although though so when');

/** A word or punctuation mark of a sentence, with where it stands in the caption. */
export interface Token {
  word: string; // lower-cased word, or the punctuation mark itself
  start: number;
  end: number;
  isWord: boolean;
  finiteBefore: number; // finite verbs among earlier tokens, so "has this piece a verb?" is O(1)
}

/**
 * Things in a picture that bear text or show a reading: what they "say", "list" or "indicate" is read off the
 * image (set-aside.ts), they are no evidence for a conclusion (evidence.ts), and a line that has one list
 * something introduces text written there (layout.ts).
 */
export const TEXT_BEARERS: readonly string[] = (
  'label sign sticker screen display text print tag packaging package box can carton poster banner ' +
  'letter message receipt instructions directions heading title menu page bar indicator gauge clock counter timer graph chart'
).split(' ');

/** "The screen says: Low battery, connect the charger": what follows a reporting verb and its colon is read off the image. */
export const READ_OUT = /\b(?:says?|reads?|shows?|displays?|states?|warns?|lists?|written|printed|label(?:l)?ed)\s*:/iu;
