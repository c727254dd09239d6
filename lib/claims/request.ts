// A request to the model is never a claim: "Describe this image", "What's in this picture?", "Keep it short",
// "Beschreibe dieses Bild.", "Décris cette image", "इस चित्र का वर्णन करें।". A caption pasted with its prompt, or an
// answer that repeats what it was asked, holds them; they say nothing about the picture. Read in every language the
// language test meets (npm run bench:language: English, Arabic, German, Spanish, French, Hindi, Italian, Japanese,
// Portuguese, Ukrainian), whether or not the set-aside rules read the caption.
import type { DiscourseReason } from './discourse.ts';

// A question in any script: "?", the full-width "？", the Arabic "؟", or the Spanish opening "¿".
const QUESTION = /^[\s"'“«]*¿|[?？؟]["'”’»)\]\s]*$/u;

// Text in double quotes or guillemets: what a sign or a screen says.
const QUOTED = /["“„«][^"“”„«»]*["”»]/gu;

// The verbs that open a request in the imperative (or, in French, the infinitive of a written instruction), lower case.
// The caption finder reads requests by the same verbs (lib/page/requests.ts).
export const REQUEST_VERBS = new Set(
  [
    'describe explain summarize summarise identify analyze analyse translate list tell write give',
    'beschreibe beschreib beschreiben erkläre erklär erklären sag sagen nenne nennen fasse halte schreibe gib zähle übersetze bitte',
    'décris décrivez décrire dis dites explique expliquez résume résumez énumère donne donnez indique indiquez sois soyez écris traduis',
    'describa explica dime enumera resume escribe indica traduce haz sé',
    'descreva descreve diga explique resuma escreva indique seja traduza',
    'descrivi descriva dimmi spiega elenca riassumi scrivi sii traduci dammi',
    'опиши опишіть розкажи розкажіть поясни поясніть скажи скажіть перелічи назви напиши',
    'صف صِف اشرح أخبرني اذكر اكتب ترجم',
  ].join(' ').split(' '),
);

// Left out: "sage", "dame" and "liste", with which English and German captions open as nouns.
// "Can you describe …", "Please describe …", "Could you please tell me …": a polite opening before the verb.
const POLITE = /^(?:(?:can|could|would|will) you |please |kindly )+/u;
// Hindi and Japanese put the verb last: "… वर्णन करें।", "… बताइए", "この画像を説明してください。".
const REQUEST_END = /(?:^|\s)(?:करें|कीजिए|करो|बताइए|बताएं|बताएँ|बताओ|लिखें|समझाइए)[\s।.!]*$|(?:ください|してね|して|なさい)[\s。.!！]*$/u;
// English leaves "Keep it short", "Be brief" and the like to the advice rules (discourse.ts): only these verbs,
// and "keep it …" / "be …" said to the model, count here too.
const BRIEF = /^(?:keep it|be) (?:short|brief|concise|simple)\b/u;

/** Why a whole sentence is a request to the model: 'question', 'meta-talk' for an instruction, or null. */
export function requestReason(sentence: string): DiscourseReason | null {
  const text = sentence.trim();
  // A quoted question is read off the image ('The dialog says "Save changes?"'), not asked.
  if (QUESTION.test(text.replace(QUOTED, ''))) return 'question';
  const lower = text.toLowerCase().replace(/^[\s"'“«*_-]+/u, '');
  const opener = lower.replace(POLITE, '').match(/^[\p{L}\p{M}]+/u)?.[0] ?? '';
  // "Describe: …" or "List of ingredients" labels a part of a caption; a request goes on to what it asks for.
  const next = lower.replace(POLITE, '').slice(opener.length);
  if (REQUEST_VERBS.has(opener) && /^(?:-(?:moi|me|nous)\b)?[\s,]+(?!of\b)\S/u.test(next)) return 'meta-talk';
  return REQUEST_END.test(text) || BRIEF.test(lower) ? 'meta-talk' : null;
}
