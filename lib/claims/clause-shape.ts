// The shape of a clause, as a few coarse grammatical features the clause classifier can generalise
// from where single words cannot: a word never seen in training still sits in a clause whose subject is
// a kind ("Lanterns are …"), whose verb is a bare imperative ("Rinse …"), that speaks to the reader
// ("you"), that the answer says of itself ("I cannot …"), or that puts a person in a state or an
// activity no photo shows ("he is hungry", "they are commuting"). Only closed-class words (determiners,
// pronouns, auxiliaries, modals, subordinators) and a few general verb and adjective classes are listed:
// these are English grammar, not words of any data set.

import { BE as BE_FORMS, DEFINITE, INDEFINITE, LINKING as SEEMING, OBJECT_PRONOUN, PERSONAL, PREPOSITION, QUANTIFIER, SUBJECT_PRONOUN, SUBORDINATOR, forms, negated, words as set } from './words.ts';


// A number, and "there is", introduce as an indefinite does.
const isIndefinite = (w: string) => INDEFINITE.has(w) || w === '<num>' || w === 'there';
// Quantifiers that make the subject a kind, not a thing in view: "most jams", "all phones", "such devices".
// Base forms that open an instruction ("Shake well", "Keep it dry", "Contact the maker"): general
// verbs of handling, doing and asking, the ones instructions and advice are made of.
const IMPERATIVE = set(`check press use store consult be do don't let consider contact shake remove rinse add tap wait plug wipe always never slide squeeze
  unplug`);
// What can follow a verb as its object at once: "Descale it", "Defrost the peas".
const startsObject = (w: string) => OBJECT_PRONOUN.has(w) || DEFINITE.has(w) || INDEFINITE.has(w);
const LINKING: ReadonlySet<string> = new Set([...SEEMING].flatMap(forms));
const BE: ReadonlySet<string> = new Set([...BE_FORMS, ...[...BE_FORMS].slice(0, 5).map((w) => `${w}n't`)]);
// A word's part before its apostrophe: "I'm" → "i'm" → "i", "they're" → "they".
const contracted = (w: string) => {
  const at = w.indexOf("'");
  return at < 0 ? w : w.slice(0, at);
};
// "he's", "they're", "that's": a subject with its "be".
const isContractedBe = (w: string) => /'(?:s|re|m)$/u.test(w) && (SUBJECT_PRONOUN.has(contracted(w)) || DEFINITE.has(contracted(w)) || w.startsWith('there'));
const PAST = set('was were had did ago');
// "I", "me", "my"; contracted ("I'm", "you've") by their first part (contracted).
const FIRST_PERSON = set('i me my mine myself');
const SECOND_PERSON = set('you your yours yourself');
const INABILITY = set("cannot can't unfortunately sorry apologize");
// Activities that name an occasion, a purpose or a pursuit rather than a movement a photo could show:
// "he is working", "they are celebrating", "she is studying". Whatever the body does meanwhile is the description.
const ABSTRACT_ACTIVITY = set(`working practicing training studying competing performing camping
  volunteering exercising preparing questioning visiting passing`);
// States of mind or body that no photo shows, said of a person: "she is bored", "they are hungry".
// Ages and conditions ("old", "new") are left out: "the bench is old" can be seen.
const INNER_STATE = set(`happy excited determined jealous frustrated sleepy`);


// Nouns that name an occasion, an undertaking or a condition rather than a place: "she is at a party",
// "they are on vacation", "he is in a hurry". A place ("at the airport", "in a park") can be seen; these
// are why someone is there. General English, not the words of any data set.
const OCCASION = set(`party ceremony show game competition race event gathering
  reunion conference class tour break outing
  honeymoon work hurry way
  walk ride picnic rush pilgrimage`);

// When a statement holds, where it is not now: a habit ("every morning", "twice a day"), the past or the
// future ("lately", "this weekend", "all his life"). A photo shows one moment.
const NOT_NOW = set('lately recently yesterday tomorrow tonight later soon anymore');
// Past forms of common irregular verbs. Those that are only ever a past ("fell", "drove") say so after any
// subject ("the tree fell"); those that are also a participle ("held", "sold": "a cup held by …") only right
// after a subject that names a person ("her grandma bought"). Either is what happened before the photo was
// taken. Forms that are also a place or a material ("left", "made of", "built of", "set", "put", "read") are
// not listed.
const IRREGULAR_PAST = set('got bought brought found caught taught told sent');
const PP_OCCASION = set('for on to after before');

// The head of the phrase after "at"/"in"/"on": its last word before a preposition, a conjunction or the end.
function placeOrOccasion(words: readonly string[], from: number): 'place' | 'occasion' {
  let head: string | undefined;
  let determined = false;
  for (let k = from; k < words.length && k < from + 6; k++) {
    const w = words[k]!;
    if (PREPOSITION.has(w) || w === 'and' || w === 'or' || w === 'because' || w === 'while') break;
    if (DEFINITE.has(w) || isIndefinite(w)) determined = true;
    head = w;
  }
  if (!head) return 'place';
  // "in training", "at swimming": an undertaking named by a bare -ing form.
  if (OCCASION.has(head) || (!determined && /ing$/u.test(head))) return 'occasion';
  return 'place';
}

/** Coarse grammatical features of a clause (subject, mood, person, tense, modality, verb class) from its lowercased words; `capitalized[k]`: word k had a capital. */
export function shapeFeatures(words: readonly string[], endsWithQuestionMark: boolean, capitalized: readonly boolean[] = []): string[] {
  const out: string[] = [];
  const i = 0;
  const first = words[i] ?? '';
  const second = words[i + 1] ?? '';
  // The clause's opening: what kind of subject (or no subject) it starts with.
  let opener: string;
  if (first === 'to' && second && !DEFINITE.has(second) && !isIndefinite(second) && !OBJECT_PRONOUN.has(second)) opener = 'to-verb';
  else if (SUBORDINATOR.has(first)) opener = 'subordinator';
  else if (endsWithQuestionMark) opener = 'question';
  else if (first === 'it' || first === "it's") opener = 'it';
  else if (first === 'there') opener = 'there';
  // "Most of the shelves", "all of these": a part of things in view, as definite as "the shelves".
  else if (DEFINITE.has(first) || (QUANTIFIER.has(first) && second === 'of' && (DEFINITE.has(words[i + 2] ?? '') || OBJECT_PRONOUN.has(words[i + 2] ?? '')))) opener = 'definite';
  else if (isIndefinite(first)) opener = 'indefinite';
  else if (QUANTIFIER.has(first)) opener = 'generic-quantifier';
  else if (PERSONAL.has(first)) opener = 'personal';
  // "Close to the door, …" names a place.
  else if (IMPERATIVE.has(first) && !BE.has(second) && second !== 'to') opener = 'imperative';
  // A verb this list lacks still reads as one when an object follows at once: "Descale it", "Defrost the peas".
  else if (startsObject(second) && !/(?:ing|ed|ly)$/u.test(first) && !PREPOSITION.has(first)) opener = 'verb-first';
  else if (/ing$/u.test(first)) opener = 'ing';
  else if (/ed$/u.test(first)) opener = 'ed';
  // A capital on the second word makes the two a name ("Roger Ailes", "Venus Williams"), not a noun and its verb.
  else if (capitalized[i + 1]) opener = 'other';
  // A noun with no determiner before a verb: a kind or a name ("Lanterns are …", "Acme makes …").
  // A second word in -s is its verb ("Acme makes"), unless it is a determiner ("its", "this") or ends in -ss/-us.
  else if (first && (BE.has(second) || (/^\p{L}{2,}s$/u.test(second) && !/(?:ss|us)$/u.test(second) && !DEFINITE.has(second)))) opener = 'bare-noun';
  // A bare plural before a word that is no preposition or determiner: "Hats protect …", "Owls hunt …".
  // Words in -ss, -us, -is are mostly singular or names ("glass", "cactus", "Paris", "QGIS").
  else if (/^\p{L}{3,}(?<![sui])s$/u.test(first) && second && !PREPOSITION.has(second) && !DEFINITE.has(second) && !isIndefinite(second)) opener = 'bare-noun';
  else opener = 'other';
  // The personal pronoun alone gives no feature (who the subject is says nothing about visibility);
  // it does in combination with what the clause says the person is or does.
  if (opener !== 'personal') out.push(`open:${opener}`);

  const has = (list: ReadonlySet<string>) => words.some((w) => list.has(w));
  const firstPerson = words.some((w) => FIRST_PERSON.has(contracted(w)));
  if (firstPerson) out.push('person:1');
  if (words.some((w) => SECOND_PERSON.has(contracted(w)))) out.push('person:2');
  if (firstPerson && has(INABILITY)) out.push('disclaimer');
  // "used to be a school" is the past; "is used for", "commonly used to open" are not.
  const usedToPast = words.some((w, k) => w === 'used' && words[k + 1] === 'to' && !BE.has(words[k - 1] ?? '') && !/ly$/u.test(words[k - 1] ?? ''));
  if (words.some((w) => PAST.has(w) || negated(w, PAST)) || usedToPast) out.push('tense:past');

  // The predicate after the first "be": an activity (one that names a pursuit, or any other), an inner state, or a place/event.
  // "he's", "they're", "it's" carry their own "be": the predicate follows the contraction.
  // "looks tired", "seems to be studying": a linking verb says what "is" would, only hedged.
  const be = isContractedBe(first) ? i : words.findIndex((w, k) => k >= i && (BE.has(w) || LINKING.has(w)));
  if (be >= 0) {
    const linked = LINKING.has(words[be]!) && words[be + 1] === 'to' && words[be + 2] === 'be' ? be + 2 : be;
    // An adverb before the predicate ("is not working", "is quite tired") is skipped: "not" or an -ly word.
    const at = words[linked + 1] === 'not' || /ly$/u.test(words[linked + 1] ?? '') ? linked + 2 : linked + 1;
    const next = words[at];
    let predicate: string | null = null;
    if (next && /ing$/u.test(next)) predicate = ABSTRACT_ACTIVITY.has(next) ? 'abstract-activity' : 'activity';
    else if (next && INNER_STATE.has(next)) predicate = 'inner-state';
    else if (next === 'on' || next === 'in' || next === 'at') predicate = placeOrOccasion(words, at + 1);
    else if (next === 'a' || next === 'an') predicate = 'identity';
    else if (next && !DEFINITE.has(next) && !PREPOSITION.has(next)) predicate = 'quality';
    if (predicate) {
      out.push(`pred:${predicate}`);
      const subject = opener === 'personal' ? 'person' : opener === 'definite' || opener === 'indefinite' ? 'thing' : opener;
      out.push(`pred:${subject}+${predicate}`);
      // What the predicate takes: an object in view ("holding a cup"), a place ("… on a bench"), or
      // nothing at all ("he is working", "they are outside camping"), which leaves little to see.
      const rest = words.slice(at + 1);
      const tail = rest.length === 0 ? 'nothing' : DEFINITE.has(rest[0]!) || isIndefinite(rest[0]!) ? 'object' : PREPOSITION.has(rest[0]!) ? 'place' : 'other';
      out.push(`pred:${subject}+${predicate}+${tail}`);
    }
  } else if (opener === 'bare-noun' || opener === 'generic-quantifier') {
    // A kind with a present-tense verb of its own: "Lanterns burn oil", "Most jams contain sugar".
    out.push('generic-present');
  }
  out.push(...timeAndHabit(words, i));
  return out;
}

// A statement of another time than the photo's: a habit, a plan, the past told as events.
function timeAndHabit(words: readonly string[], i: number): string[] {
  const out: string[] = [];
  const notNow = words.some(
    (w, k) =>
      NOT_NOW.has(w) ||
      ((w === 'once' || w === 'twice' || (w === 'times' && k > 0)) && ['a', 'per', 'every', 'each'].includes(words[k + 1] ?? '')),
  );
  if (notNow) out.push('time:not-now');
  // The verb right after a subject that names a person: "he came", "her grandma bought", "she walks him".
  // The subject: a pronoun or a name, or a determiner and its noun ("her aunt", "the farmer").
  const first = words[i] ?? '';
  const subjectEnd =
    DEFINITE.has(first) || isIndefinite(first) ? i + 1 : first && !PREPOSITION.has(first) && !/(?:ing|ed|ly)$/u.test(first) ? i : -1;
  const verb = subjectEnd >= 0 ? words[subjectEnd + 1] : undefined;
  const personPast = verb && (IRREGULAR_PAST.has(verb) || (/\p{L}{2}ed$/u.test(verb) && (PERSONAL.has(words[subjectEnd] ?? '') || startsObject(words[subjectEnd + 2] ?? ''))));
  if (personPast) out.push('past:event');
  // A present-tense verb of its own: the verb says whether it is a habit ("she teaches piano") or what is seen ("she holds").
  else if (verb && /\p{L}{2}s$/u.test(verb) && !/(?:ss|us|is)$/u.test(verb) && !BE.has(verb)) {
    out.push(`verb:${verb}`);
    // What follows it: a thing in view ("she opens the door") is caught in the act; a bare noun or nothing
    // ("she teaches piano", "he works") is more often a habit.
    const after = words[subjectEnd + 2];
    out.push(`verb+${!after ? 'nothing' : DEFINITE.has(after) || INDEFINITE.has(after) ? 'object' : PREPOSITION.has(after) ? 'place' : 'other'}`);
  }
  // An occasion a person is on or goes to: "for a walk", "on a road trip", "to his next flight", "after work".
  if (words.some((w, k) => PP_OCCASION.has(w) && k > i && placeOrOccasion(words, k + 1) === 'occasion')) out.push('pp:occasion');
  return out;
}
