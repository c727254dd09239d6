import { stripInvisible } from './injection';
import { SEED_PROMPT_FILE } from './seed';

/** Bumped whenever the text sent to the model changes; part of the cache key. */
export const PROMPT_VERSION = 'seed-000_00d95705263f0412';

function seedPart(label: 'System' | 'User'): string {
  const match = new RegExp(`${label}\\s*\u201c([\\s\\S]*?)\u201d`).exec(SEED_PROMPT_FILE);
  if (!match?.[1]) throw new Error(`The seed prompt has no ${label} part`);
  return match[1].trim();
}

/** The seed's System part, verbatim: the system message of every verification request. */
export const SYSTEM_PROMPT = seedPart('System');

/** The seed's User part, verbatim, with its `{claims}` placeholder still in place. */
export const USER_PROMPT_TEMPLATE = seedPart('User');

/**
 * One claim per numbered line; whitespace folded so caption text cannot fake extra numbering lines,
 * and invisible or direction-changing characters dropped so no hidden text reaches the model.
 */
export function formatClaimList(claims: readonly string[]): string {
  return claims.map((claim, i) => `${i + 1}. ${stripInvisible(claim).replace(/\s+/g, ' ').trim()}`).join('\n');
}

/** The user text: the seed's User part with `{claims}` replaced by the numbered claims. */
export function buildUserPrompt(claims: readonly string[]): string {
  return USER_PROMPT_TEMPLATE.replace('{claims}', `\n${formatClaimList(claims)}\n`);
}

export interface ChatMessages {
  system: string;
  user: string;
  imageDataUrl: string;
}

/** The three parts of one verification request: seed system text, numbered claims, the image. */
export function buildVerifyMessages(claims: readonly string[], imageDataUrl: string): ChatMessages {
  return { system: SYSTEM_PROMPT, user: buildUserPrompt(claims), imageDataUrl };
}
