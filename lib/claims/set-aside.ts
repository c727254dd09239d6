import { gated, type Gated } from './gate.ts';
import type { ClauseKind } from './span.ts';
import { DEFINITE, DETERMINER, MAYBE, PERCEIVE, PREPOSITION, PRINTED, READ_OUT, RELATIVE, REPORTS, SUBJECT_PRONOUN, TEXT_BEARERS, isSuperlative } from './words.ts';

/** Why a piece is set aside; short enough for a chip next to the greyed-out text. */
export const SET_ASIDE_REASONS = [
  'interpretation',
  'mood or atmosphere',
  'world knowledge',
  'inference about intent',
  'inference',
  'speculation',
  'evaluation',
  'not visible',
  'reasoning',
  'question',
  'advice',
  'meta-talk',
] as const;
export type SetAsideReason = (typeof SET_ASIDE_REASONS)[number];

// The list's own bars stand between spaces ("a | b |\n c"); a bar inside a group ("on (?:a |her )?trip") has none after it.
function alternation(list: string): string {
  const joined = list.trim().replace(/\s+\|\s+/gu, '|');
  // A cue must end at a word's end, so one ending in a look-ahead after a space ("used to (?!be)") could never match.
  if (/\s\(\?![^()]*\)(?:\||$)/u.test(joined)) throw new Error(`dead cue: ${joined}`);
  return joined;
}
// A cue inside a hyphenated compound ("all-purpose", "stress-free") is part of a name, not the word. Gated (gate.ts):
// a woken worker compiles only the cues whose words the caption holds.
const cue = (list: string): Gated => gated(`(?<![\\p{L}\\p{N}-])(?:${alternation(list)})(?![\\p{L}\\p{N}-])`, 'u');

const MODAL_ON_A_VERB = [
  '(?<!(?:a|the|paint) )',
  `(?:${MAYBE}|would|can|cannot|can't)(?: also| easily| further)? `,
  // Words that never follow the modal: "the can is red", "this can sits on …".
  // nor perception: "I can discern", "you can make out" report what the image shows.
  `(?!be\\b|have been\\b|${PERCEIVE}|of\\b|and\\b|is\\b|sits\\b|holds\\b)\\p{L}+`,
].join('');
// "could be due to", "might be drawn to": a hedged cause or effect, not a hedged description.
const MODAL_BE_CAUSE =
  `${MAYBE} (?:also )?be (?:due to|any\\b|to (?!(?:the|a|an)\\b)\\p{L}+|(?:attracted|drawn|forced|interested|harmful|a reference)\\b)`;


// Among all of its kind, not among what is in view ("one of the tallest in the row").
const WORLD_SCOPE = /\b(?:history|ever|world|century)\b/u;

// "Maroon is a dark brownish-red color": one word, a name and no pronoun or determiner, defined as a colour.
function namesAColour(text: string): boolean {
  const name = /^([\p{L}-]+) is an? (?:[\p{L}-]+,? ){0,3}(?:colou?r|shade)\b/u.exec(text.trim())?.[1] ?? '';
  return name !== '' && name !== 'everything' && !DETERMINER.has(name) && !SUBJECT_PRONOUN.has(name) && !RELATIVE.has(name);
}

// Movements a photo catches in progress, so an attempt at one or one about to happen is part of the description.
const MOVEMENT = '(?:catch|hit|jump|throw|crash|fall|score)';

interface Rule {
  reason: SetAsideReason;
  cues: Gated;
  also?: (text: string, kind: ClauseKind) => boolean;
}

// Each rule is a piece of general English; the first that matches names the reason.
// Order matters: "suggests a serene atmosphere" is about mood before it is an inference.
const RULES: readonly Rule[] = [
  {
    // What the answer cannot give ("so it is difficult to provide the exact dose"), read per clause. What cannot be
    // made out in the picture ("which is hard to read", "impossible to tell what is inside") says what the image
    // shows, so it stays a claim the model can check.
    reason: 'meta-talk',
    cues: cue(`(?:difficult|hard) to (?:provide|say)`),
  },
  {
    reason: 'mood or atmosphere',
    cues: cue(`mood | serene | peaceful | cozy | cheerful | inviting | harmonious | charming | welcoming | bustling | lively | charm | sense of`),
  },
  {
    reason: 'interpretation',
    cues: cue(`composition | showcas\\w* | captures? (?:the|a|an) | creat(?:es|ing) (?:a|an) | evok\\w* | the joke is`),
  },
  {
    reason: 'inference about intent',
    // An attempt at a movement the photo shows in progress ("a man trying to catch a frisbee", "a wave about to
    // crash") is seen; an attempt at anything else ("trying to impress his friends") is intent.
    cues: cue(`preparing (?:to|for) | (?:trying|tries) to (?!${MOVEMENT}\\b)\\p{L}+ | enjoy\\w* | ready to be | likely (?:to|\\w+ing|\\w+ed|in the process) |
      probably \\w+ing | reasons? |
      about to (?!${MOVEMENT}\\b)\\p{L}+ | (?:his|her|their) (?:job|daily|hobby) | on (?:a |her )?(?:(?!(?:the|this|that|these|those) )[\\p{L}-]+ )?(?:break|holiday|vacation|safari|trip|leisure|day off) |
      wants? | loves?`),
  },
  {
    reason: 'inference',
    // A time or an appointment as the whole point ("it is the weekend", "she has a meeting") is read into the
    // picture; followed by more ("a birthday party with balloons", "a meeting room") it names what is seen.
    cues: cue(`suggest\\w* | indicat(?:es|ing|e)(?! on) | implies | infer\\w* | (?<!there )is a sign that |
      a sign of | which means | supports? the idea | a gift (?:from|for) |
      (?:has|have) (?:a|an) (?:meeting|appointment)(?=\\s*(?:[.,;!]|$|later)) |
      (?:it is|it's) (?:the |a |their )?(?:weekend|holiday|anniversary|day off|lunch ?time|halloween|christmas|thanksgiving|fourth of july)(?=\\s*(?:[.,;!]|$)) |
      (?:his|her) first time`),
  },
  {
    reason: 'world knowledge',
    // "a typical office" names what is seen; "typical of", "is typical" states a general fact.
    // "a common pigeon", "the common room" name a kind or a place in view; "a common sight", "is common" state a fact.
    cues: cue(`(?<!(?:a|an|the) )common | (?:a|an|the) common (?:sight|way) | (?:is|are) typical | typically | usually |
      known (?:to|for|as) | in the world | is (?:produced|sold) (?:by|in|under) | (?:is|have been) used (?:for|in) |
      used to (?!be\\b)\\p{L}+ | brand of | is (?:a|an) (?:\\w+ )?brand | a division of | (?:is|are) (?:owned|made) by |
      is based in | well-known | produces | manufactur\\w* | founded | named after |
      in most (?:\\w+ )?states | widely (?:credited|used) | \\d+ bc | according to the (?:brand|company) |
      (?:is|that's) (?:widely )?considered |
      (?:carved|painted|created|introduced|released|launched)(?: \\S+){0,6}? (?:in|around|between) (?:the )?1[0-9]{3}s? |
      dates back | since (?:the )?\\d{4}s? | for generations | serves? as | provides? | protects? | protection | requires? | allowing | ensuring`),
    // "which is a designated area for …": a relative clause that defines rather than describes; ", one of the
    // greatest players in NBA history": an aside that ranks a thing among all of its kind; "Maroon is a
    // dark brownish-red color": a colour's name defined, not the colour of anything in view ("It is a dark red").
    also: (t, kind) =>
      (kind === 'relative' && /^(?:which|that) (?:is|are) (?:a|an) /u.test(t) && !isHedged(t)) ||
      (kind === 'relative' && t.startsWith('one of the ') && isSuperlative(t.split(' ')[3] ?? '') && WORLD_SCOPE.test(t)) ||
      namesAColour(t),
  },
  {
    reason: 'speculation',
    // A hedged description ("could be a cat", "might be red") stays a claim, flagged; a modal on any
    // other verb ("might encounter", "could lead to") speculates about what the image does not show.
    // "a can of soda": after a determiner, "can" is the noun.
    cues: cue(`${MODAL_ON_A_VERB} | ${MODAL_BE_CAUSE} |
      should | must (?!be\\b)\\p{L}+ | potential\\w* | prior to`),
  },
  {
    reason: 'evaluation',
    cues: cue(`important | perfect | helps? | delicious | appealing | unique |
      significant | great (?:for|way|choice) |
      makes? it an? | making (?:it|them) | needs? to | a good start |
      (?:easier|cheaper) (?:to|than)`),
    // "What a sweet message!", "How lovely!": an exclamation of the writer's own feeling about it.
    also: (t) => /^\s*(?:what an?|how) \p{L}[^?]*!["'”’)\s]*$/u.test(t),
  },
  {
    // A flavour or scent named on a label ("the original flavor") is read off the package; one that is described
    // ("a sweet, spicy flavor", "full of flavour") is tasted.
    reason: 'not visible',
    cues: cue(`tastes? | tasty | feels | smell\\w* | noise | full of flavou?r |
      (?:sweet|savou?ry),? (?:and )?(?:[\\p{L}-]+ )?flavou?rs?`),
  },
];

// Purpose and cause: "to win the race", "because she is eating it". "to the left" is a place.
const REASONING = new RegExp(String.raw`^(?:because|since|so that|in order to|for |as an? act|to (?!(?:${[...DEFINITE, 'a', 'an', 'be'].join('|')})\b|\d)\p{L}+)`, 'u');

// What text or an instrument in the picture says, reported without quotes: "the label on the bottle warns that it
// may cause drowsiness", "the gauge indicates a full tank" are read off the image, so a modal or an "indicates"
// there is the label's, not the writer's guess.
const TEXT_BEARER = TEXT_BEARERS.join('|');
const REPORTED_TEXT = gated(
  `^(\\s*(?:[^,]{1,30},\\s*)?(?:[\\p{L}'-]+\\s+){0,4}?(?:${TEXT_BEARER})` +
    `(?:\\s+(?:${[...PREPOSITION].join('|')}|next to)\\s+(?:[\\p{L}'-]+\\s+){0,3}?[\\p{L}'-]+)?\\s+)` +
    `((?:also\\s+|(?:is|are)\\s+)?(?:showing|displaying|${REPORTS})\\b.*)$`,
  'u',
);

// "… and it says that your benefits will increase": the thing spoken of before is the one that says it.
const REPORTED_BY_PRONOUN = gated(String.raw`^(\s*(?:(?:and|but)\s+)?(?:it|this|which)\s+)((?:also\s+)?(?:says|reads|states)\b.*)$`, 'u');

// "The bottle requires a key to open, according to the sticker": the whole clause is what the sticker says.
const ACCORDING_TO_TEXT = gated(
  `^(.*?)(,?\\s*according to (?:[\\p{L}'-]+\\s+){1,3}?(?:${TEXT_BEARER})\\W*)$`,
  'u',
);


// "as indicated on the label", "as written on the box": what follows is read off the image.
const AS_PRINTED = gated(String.raw`\bas (?:indicated|shown|stated|${PRINTED}) (?:on|by|in)\b`, 'gu');

// The stages read each clause's cue text several times (rules, meta-talk, the classifier's features and firm decisions).
const cueCache = new Map<string, string>();

/** Text as the cues read it: lower case, plain apostrophes, text read off the image (quoted or reported) blanked. */
export function cueText(text: string): string {
  let cued = cueCache.get(text);
  if (cued === undefined) {
    if (cueCache.size > 500) cueCache.clear();
    cued = readCueText(text);
    cueCache.set(text, cued);
  }
  return cued;
}

function readCueText(text: string): string {
  const read = READ_OUT.exec(text);
  const end = read ? read.index + read[0].length : text.length;
  const quotesBlanked = (text.slice(0, end) + ' '.repeat(text.length - end))
    .toLowerCase()
    .replace(/[’]/gu, "'")
    .replace(/"[^"]*"|“[^”]*”|‘[^’]*’/gu, (quoted) => ' '.repeat(quoted.length));
  const printedBlanked = AS_PRINTED.replace(quotesBlanked, () => ' ');
  const reportedBlanked = REPORTED_TEXT.replace(printedBlanked, (_whole, subject: string, reported: string) => subject + ' '.repeat(reported.length));
  const pronounBlanked = REPORTED_BY_PRONOUN.replace(reportedBlanked, (_whole, subject: string, reported: string) => subject + ' '.repeat(reported.length));
  return ACCORDING_TO_TEXT.replace(pronounBlanked, (_whole, reported: string, source: string) => ' '.repeat(reported.length) + source);
}

/** Does the clause report what text in the picture says ("the label warns that …", "…, according to the sticker")? */
export function reportsText(text: string): boolean {
  const t = text.toLowerCase().replace(/[’]/gu, "'");
  return REPORTED_TEXT.test(t) || REPORTED_BY_PRONOUN.test(t) || ACCORDING_TO_TEXT.test(t);
}

// "making it impossible to read the dose", "the brand is not visible": what cannot be made out in the picture is a
// statement about the picture, and the model can check it.
const NOT_MADE_OUT = cue(`(?:difficult|hard|impossible|too \\p{L}+) to ${PERCEIVE} |
      not (?:visible|shown|legible|readable)`);

/** Why the image cannot confirm this clause, or null when it is a checkable claim. */
export function setAsideReason(text: string, kind: ClauseKind = 'main'): SetAsideReason | null {
  const t = cueText(text);
  // "how do I open this? - instructions": a question the sentence split did not cut off.
  if (/\?["')\]]*$/u.test(t.trim())) return 'question';
  if (NOT_MADE_OUT.test(t)) return null;
  if (REASONING.test(t.trim()) && kind !== 'participle') return kind === 'main' && /^(?:to|for) /u.test(t.trim()) ? 'inference about intent' : 'reasoning';
  for (const rule of RULES) if (rule.cues.test(t) || rule.also?.(t, kind)) return rule.reason;
  return null;
}

const HEDGE = cue(
  `appears? | appearing | seems? | looks? like | looks? to be | possibly | probably | likely | maybe |
      what looks`,
);

/** Does the claim soften itself ("appears to", "possibly"), so a verdict should be read with care? */
export function isHedged(text: string): boolean {
  return HEDGE.test(text.toLowerCase());
}
