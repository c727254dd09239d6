// Sentences that talk to the reader rather than about the picture: questions back, advice, offers
// and remarks about the answer itself. They are read as whole sentences, before any clause split.

/** Why a whole sentence is not about the image, or null. */
export type DiscourseReason = 'question' | 'advice' | 'meta-talk';

const QUESTION = /\?["'”’)\]]*$/u;

const META = new RegExp(
  [
    String.raw`\blet me know\b`,
    String.raw`\bfeel free\b`,
    String.raw`\bhope (?:this|that) helps\b`,
    String.raw`\bi hope\b`,
    String.raw`\bi(?:'d| would) be (?:happy|glad)\b`,
    String.raw`\bhappy to help\b`,
    String.raw`\banything else\b`,
    String.raw`\bas an ai\b`,
    String.raw`\bi(?:'m| am) (?:sorry|unable|not able|afraid)\b`,
    String.raw`\byou(?:'re| are) (?:asking|referring to|looking for|looking to)\b`,
    String.raw`\byour question\b`,
    String.raw`\bi (?:can't|cannot|can not|could not|couldn't|do not|don't) (?:identify|determine|tell|see|read|provide|help|make out|confirm|be sure|find|recogni[sz]e|give|say)\b`,
    String.raw`\b(?:if|when|once) you (?:can|could|are able to) (?:provide|take|send|share|upload|give|describe)\b`,
    String.raw`\b(?:provide|send|take|share|upload) (?:a|another|me a) (?:clearer|better|closer|different|new|higher)\b`,
    String.raw`\bwithout (?:a clearer|a better|more) (?:image|photo|picture|view|information|context)\b`,
    String.raw`\byou(?:'ve| have) (?:provided|shared|sent|uploaded)\b(?!.*\b(?:shows?|contains?|is|are)\b)`,
    // What opens a chat answer: "Sure!", "Here's a detailed description of the image:".
    String.raw`^(?:sure|certainly|of course|absolutely|okay|ok|alright|great question|good question)[\s!.,]*$`,
    // Pleasantries that close an answer, with their exclamation mark: "Congratulations to all the graduates!",
    // "Buon appetito!" ("Happy Birthday is written on the cake." describes).
    String.raw`^(?:congratulations|congrats|good luck|best of luck|bon app[eé]tit|buon appetito|cheers|stay safe|happy (?:cooking|eating|reading|travels|birthday|holidays)|have (?:fun|a (?:great|good|nice|wonderful)))\b[^.?]*![\s"'”’)]*$`,
    String.raw`^here(?:'s| is| are)\b.{0,40}\b(?:description|breakdown|summary|analysis|overview|rundown|details)\b`,
    // Offers of more work: "If you'd like, I can …", "I can also translate …" ("I can see …" describes).
    String.raw`\bif you(?:'d| would)? (?:like|want|wish|prefer)\b`,
    String.raw`\bi can (?:also )?(?:help|describe|estimate|explain|provide|give|try|translate|suggest|look up|find out|check|list|summari[sz]e)\b`,
  ].join('|'),
  'u',
);

const ADVICE = new RegExp(
  [
    String.raw`\byou (?:should|must|need to|have to|will have to|'ll have to|may want to|might want to|could try|can try|can use|may need|might need|will need|can also|can find|can contact|can check)\b`,
    String.raw`\b(?:it is|it's|it would be) (?:advisable|recommended|best|wise|important|a good idea|always a good idea|essential|necessary)\b`,
    String.raw`\bi (?:recommend|suggest|would suggest|advise|would recommend)\b`,
    String.raw`\bis (?:recommended|advised)\b`,
    String.raw`\b(?:is|are) to be \w+ed\b`,
  ].join('|'),
  'u',
);

// A how-to topic ("how to use the control panel") names a task to look up, not something in view.
const HOW_TO = /^how to /u;

// "There's a logo on the sleeve, but I can't make out the brand": the description beside the turn stands.
const TURN = /,\s+(?:but|though|although|however|yet)\s/u;

/** Does this clause talk about the answer itself ("I can't make out the brand", "let me know …")? */
export function isMetaTalk(text: string): boolean {
  return META.test(text);
}

/** The discourse reason for a whole sentence (lower-cased, quotes masked), or null. */
export function discourseReason(text: string): DiscourseReason | null {
  if (QUESTION.test(text.trim())) return 'question';
  // Meta-talk on one side of a turn is left to the clauses (split.ts), so the other side is still checked.
  const turn = text.search(TURN);
  if (META.test(text) && (turn < 0 || META.test(text.slice(0, turn)) === META.test(text.slice(turn)))) return 'meta-talk';
  // Steps and instructions ("Press and hold …", "To cook it, bring …") are left to the classifier, whose
  // clause shape reads a verb opening on its object; a word list of imperatives gained nothing over it.
  if (HOW_TO.test(text.trim()) || ADVICE.test(text)) return 'advice';
  return null;
}
