// A caption is written by whoever made the page, so a claim may be aimed at the verifying model
// rather than at the image. Such claims are found here and then verified in a request of their own.

/**
 * Characters that render as nothing or reorder what the eye sees (zero-width, joiners, BOM, bidi
 * embeddings, overrides and isolates, soft hyphen): they hide text from the reader, never from the model.
 */
export const INVISIBLE_CHARACTERS = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** The claim as the model should read it: invisible and direction-changing characters removed. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '');
}

/** Why a claim was set apart, for the note shown with the result. */
export type InjectionSign = 'invisible-text' | 'addresses-model' | 'asks-for-labels' | 'role-text' | 'fake-json' | 'fake-numbering';

// The unmistakable part of "addresses-model": overriding the instructions. "You should …" is also
// advice to a reader, which the claim stage may set aside.
const OVERRIDE = /\b(ignore|disregard|forget|override|bypass)\b[^.]{0,60}\b(instructions?|above|previous|prior|earlier|rules?|prompts?|guidelines)\b|\b(system prompt|new instructions?|jailbreak)\b/i;

// Each pattern reads the claim after NFKC folding (fullwidth and styled letters become plain) and
// with invisible characters removed, so "Ig\u200bnore" and "Ｉｇｎｏｒｅ" read as "Ignore".
const SIGNS: readonly [InjectionSign, RegExp][] = [
  [
    'addresses-model',
    new RegExp(
      `${OVERRIDE.source}|\\b(ignore|disregard|forget|override|bypass)\\b[^.]{0,60}\\beverything\\b|` +
        `\\b(you are|you must|you should|you will|as an ai|language model|vision model|ai model)\\b`,
      'i',
    ),
  ],
  [
    'asks-for-labels',
    /\b(label|mark|rate|classify|judge|answer|respond|return|output|reply|treat|consider)\b[^.]{0,60}\b(true|false|correct|incorrect|supported|verified|accurate|json|verdicts?)\b|\b(all|every|each|the other|other|remaining|previous|next)\s+(claims?|statements?|verdicts?)\b|\berror_type\b/i,
  ],
  [
    'role-text',
    /(^|\s)(system|assistant|user|developer|human|ai)\s*:|<\|?\/?\s*(im_start|im_end|system|assistant|user|endoftext|eot_id|start_header_id)\s*\|?>|\[\/?INST\]|<<\/?SYS>>|#{2,}\s*(instruction|system|response)/i,
  ],
  ['fake-json', /[{[]\s*["']|["']\s*:\s*(true|false|\[|\{|")/i],
  ['fake-numbering', /(^|[.!?:;)\]]\s+)\d{1,2}\s*[.)]\s+\S|\blist of claims\b/i],
];

/** The signs that a claim speaks to the model instead of describing the image; empty for an ordinary claim. */
export function injectionSigns(claim: string): InjectionSign[] {
  const signs: InjectionSign[] = [];
  if (stripInvisible(claim) !== claim) signs.push('invisible-text');
  const folded = stripInvisible(claim).normalize('NFKC');
  for (const [sign, pattern] of SIGNS) if (pattern.test(folded)) signs.push(sign);
  return signs;
}

/** Whether text unmistakably tries to steer the model (override, asks for labels, chat-role text): never set aside as a mere sentence. */
export function isModelDirective(text: string): boolean {
  const folded = stripInvisible(text).normalize('NFKC');
  // Only the signs that decide it are tested (the split asks this of every sentence and clause).
  return OVERRIDE.test(folded) || SIGNS.some(([sign, pattern]) => (sign === 'asks-for-labels' || sign === 'role-text') && pattern.test(folded));
}

/** Whether a claim reads like an instruction to the model (then it is checked on its own). */
export function isInstructionLike(claim: string): boolean {
  return injectionSigns(claim).length > 0;
}
