import { CONCLUDES, DETERMINER, FINITE, MODAL, OBJECT_PRONOUN, SUBJECT_PRONOUN, TEXT_BEARERS, words, type Token } from './words.ts';

// "The presence of plates and glasses suggests that …": the subject names what is seen and the verb draws
// a conclusion from it. The subject is cut off as a claim of its own ('evidence'), so a hallucinated plate
// is checked while the conclusion is set aside. An abstract head ("presence", "combination") with "of" takes
// any verb of conclusion or effect; another subject only a verb of conclusion, and only when it says more
// than a bare noun ("the scattered lumber", "the dog's wet fur", not "the sign", whose "indicates" is read).
const EVIDENCE_HEAD = words(`presence combination`);
const EFFECT = words(
  `creates supports`);
const BETWEEN: ReadonlySet<string> = new Set([...MODAL, ...words('further also clearly likely all together')]);
// Subjects that are the picture or its look, not a thing in view; and things bearing text, whose "indicates" reports
// what they say (TEXT_BEARERS).
const NOT_EVIDENCE: ReadonlySet<string> = new Set([...words('image picture photo scene atmosphere'), ...TEXT_BEARERS]);
const VAGUE = words(`items objects`);

/** The token where the verb of an evidence subject starts (see EVIDENCE_HEAD), or -1. */
export function evidenceVerb(tokens: Token[], from: number): number {
  const first = tokens[from];
  if (!first || !DETERMINER.has(first.word)) return -1;
  const abstract = EVIDENCE_HEAD.has(tokens[from + 1]?.word ?? '') && tokens[from + 2]?.word === 'of';
  const limit = Math.min(tokens.length, from + (abstract ? 28 : 6));
  for (let k = from + 1; k < limit; k++) {
    const token = tokens[k]!;
    let verb = k;
    while (BETWEEN.has(tokens[verb]?.word ?? '') && verb < k + 3) verb++;
    const word = tokens[verb]?.word ?? '';
    if (!(CONCLUDES.has(word) || word === 'means' || (abstract && EFFECT.has(word)))) {
      // Another verb first ("the dog is …"), or a comma in a plain subject: no evidence subject here.
      if ((token.isWord && FINITE.has(token.word) && !BETWEEN.has(token.word)) || (!abstract && !token.isWord)) return -1;
      continue;
    }
    const subject = tokens.slice(from + 1, k).filter((t) => t.isWord);
    const head = subject.at(-1)?.word ?? '';
    // "the living room setting" ends a list of things seen; "the setting", "these elements" name none.
    if (!head || (abstract ? VAGUE.has(head) : NOT_EVIDENCE.has(head)) || subject.some((t) => SUBJECT_PRONOUN.has(t.word) || OBJECT_PRONOUN.has(t.word))) return -1;
    // Beyond the abstract heads, a bare noun ("the sign") says nothing checkable on its own.
    if (!abstract && subject.length < 2) return -1;
    return k;
  }
  return -1;
}

