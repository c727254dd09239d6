/** What the claim stages share: the token, finite verbs, prepositions, things that bear text, and how a word list is written. */
export const words = (list: string): ReadonlySet<string> => new Set(list.trim().split(/\s+/u));

/** The forms of "be"; "isn't", "weren't" are read by their shape (`negated`). */
export const BE = words('is are am was were be being been');
/** The modal verbs. */
export const MODAL = words('can could may might will would should must');
/** The modals of a possibility ("it might be a cat", "could be due to the rain"), as an alternation for the patterns. */
export const MAYBE = `(?:${[...words('might may could')].join('|')})`;
/** Verbs of seeming ("looks tired", "seems to be"): what "is" would say, only hedged; in every form (`forms`). */
export const LINKING = words('look seem appear');
/** Verbs that report what text or an instrument says ("the label warns …", "the gauge indicates …"), in any form. */
export const REPORTING = words('show display say read state warn note list mention indicate explain instruct advise tell suggest recommend');
/** Verbs of making something out in a picture ("I can see …", "too dark to read"), with "make out" (`PERCEIVE`). */
export const PERCEIVING = words('see notice read tell discern identify determine interpret');
export const PERCEIVE = String.raw`(?:make out|${[...PERCEIVING].join('|')})\b`;
/** Verbs that draw a conclusion from what is seen ("the wet road suggests …"). */
export const CONCLUDING = words('suggest indicate');

/** The third person singular of the verbs listed here: "shows", "implies". */
export const presentForm = (verb: string): string => (/[^aeiou]y$/u.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`);
/** "look": look, looks, looked (the verbs of seeming). */
export const forms = (verb: string): string[] => [verb, `${verb}s`, `${verb}ed`];
/** The reporting verbs in both present forms, as alternatives of a pattern: "show|shows|say|says|…". */
export const REPORTS = [...REPORTING].flatMap((v) => [v, presentForm(v)]).join('|');
/** "suggest", "suggests", "indicate", …: a conclusion drawn (evidence.ts). */
export const CONCLUDES: ReadonlySet<string> = new Set([...CONCLUDING].flatMap((v) => [v, presentForm(v)]));
/** A contracted negation of a word of `list` ("isn't", "didn't"). */
export const negated = (word: string, list: ReadonlySet<string>): boolean => word.endsWith("n't") && list.has(word.slice(0, -3));

/**
 * Finite verbs: "be" and the auxiliaries and modals, the verbs of seeming ("looks", not "look", a noun as often as a
 * verb), concluding and reporting, and the verbs of showing.
 */
export const FINITE: ReadonlySet<string> = new Set([
  ...[...BE].slice(0, 5),
  ...words('has have had does do did'),
  ...MODAL,
  ...[...LINKING].flatMap(forms).filter((w) => w !== 'look' && w !== 'looked'),
  ...CONCLUDES,
  'show',
  'shows',
  ...[...REPORTING, ...words('create add make give provide offer feature include contain capture depict showcase highlight')].map(presentForm),
]);
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
/** Words that open a relative clause (and "that"), and that join two clauses. */
export const RELATIVE = words('which who whose whom where');
export const COORDINATOR = words('and but or yet');
/** "… and is riding …": the auxiliary of a second predicate of the same subject. */
export const AUXILIARY = words('is are was were has have had');
/** Words that turn against what came before: "…, but I can't make out the brand". */
export const TURN = words('but though although yet however');
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

/** How text comes to be on a thing: "written", "printed", "labelled". */
export const PRINTED = 'written|printed|label(?:l)?ed';
/** "The screen says: Low battery, connect the charger": what follows a reporting verb and its colon is read off the image. */
export const READ_OUT = new RegExp(String.raw`\b(?:${REPORTS}|${PRINTED})\s*:`, 'iu');
