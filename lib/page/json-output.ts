// A model's output shown as JSON: a demo's JSON component or viewer, an API response in a <pre>, a notebook's printed
// dict or list (`[{'generated_text': '…'}]`). The string fields that hold what the model wrote about the picture
// ("caption", "description", "generated_text", "answer" …, in any casing, nested or in an array) are its caption,
// each under its key; the block itself is code and never preselected. Pure text reads, no DOM.
import { collapse, wordCount } from './caption-text';

/** One string field of a JSON output that reads as a description, under the key it was given. */
export interface JsonField {
  key: string;
  text: string;
}

/** Words of a key whose value is what the model wrote, best first (a caption before an answer before a plain text). */
const DESCRIBING: readonly (readonly string[])[] = [
  ['caption', 'captions', 'description', 'descriptions', 'desc', 'alt', 'generated', 'beschreibung', 'bildunterschrift', 'légende', 'legende', 'descripción', 'leyenda', 'descrizione', 'didascalia', 'descrição', 'legenda', 'キャプション', '説明', '描述', '标题', '说明', 'الوصف', 'التعليق'],
  ['answer', 'answers', 'response', 'reply', 'completion', 'content', 'antwort', 'réponse', 'respuesta', 'risposta', 'resposta', '回答', '答え', '答案', 'الإجابة'],
  ['text', 'output', 'outputs', 'result', 'results', 'summary', 'prediction', 'predictions', 'sentence', 'ergebnis', 'ausgabe', 'résultat', 'sortie', 'resultado', 'salida', 'risultato', 'saída', '出力', '結果', '输出', '结果', 'النتيجة'],
];
/** Words of a key whose value is the user's (a prompt, a question), or bookkeeping: never the output, whatever else the key says. */
const NOT_OUTPUT = new Set(['prompt', 'question', 'query', 'input', 'instruction', 'system', 'user', 'label', 'labels', 'id', 'url', 'uri', 'path', 'file', 'filename', 'model', 'error', 'status', 'type', 'role', 'name', 'lang', 'language', 'format', 'token', 'tokens', 'mime', 'score', 'time', 'version']);

/** A key's words: "generated_text", "altText", "Caption-EN" → generated text, alt text, caption en. */
const keyWords = (key: string) =>
  key
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** How well a key names a model's words: 0 best, -1 not at all. */
function keyRank(key: string): number {
  const words = keyWords(key);
  if (!words.length || words.some((w) => NOT_OUTPUT.has(w))) return -1;
  return DESCRIBING.findIndex((group) => words.some((w) => group.includes(w)));
}

/**
 * A key (quoted, or bare as viewers show it) and a string value (double- or single-quoted, or the first string of an
 * array): "caption": "…", 'generated_text': '…', caption: "…", "captions": ["…", …].
 */
const PAIR = /(?:"([^"\\\n]{1,40})"|'([^'\\\n]{1,40})'|(?<=^|[\s{,[])([\p{L}_][\p{L}\p{N}_-]{0,39}))\s*:\s*(?:\[\s*)?(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/gu;
/** What JSON is made of besides its strings: brackets, separators, numbers, literals, a viewer's toggles and counts. */
const SYNTAX = /[{}[\],:\s▶▼▸▾►]|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\b(?:true|false|null|none|True|False|None|undefined)\b|\b\d+\s+(?:items?|keys?)\b/gu;
/** Share of a block's characters that may be other than keys, strings and syntax (a viewer's "root", a stray label). */
const RESIDUE_SHARE = 0.15;

/** A string value as written, its escapes read ("\n", "\"", "\u00e9"). */
function unescape(raw: string, quote: string): string {
  if (quote === '"') {
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  }
  return raw.replace(/\\n/g, '\n').replace(/\\(['"\\])/g, '$1');
}

/**
 * The text as a JSON value (or a printed Python one): null when it is not one (prose, code around a dict, a
 * label and a sentence); else the string fields that describe the picture, best key first (a "caption" before a
 * "text"), then in the order written. Values must read as words (three or more), not an id, a URL or a label.
 */
export function jsonFields(text: string): JsonField[] | null {
  const t = text.trim();
  // It opens with a bracket, perhaps after a short label or index and a viewer's toggle ("root ▼ {", "0: ▼{").
  if (!/^\S{0,12}\s*[▶▼▸▾►]?\s*[[{]/u.test(t)) return null;
  const found: { key: string; text: string; rank: number; at: number }[] = [];
  let residue = t;
  for (const m of t.matchAll(PAIR)) {
    residue = residue.replace(m[0], ' ');
    const key = m[1] ?? m[2] ?? m[3] ?? '';
    const value = collapse(unescape(m[4] ?? m[5] ?? '', m[4] !== undefined ? '"' : "'"));
    const rank = keyRank(key);
    if (rank >= 0 && wordCount(value) >= 3 && !/^(?:https?:|data:|\/)/.test(value)) found.push({ key, text: value, rank, at: m.index ?? 0 });
  }
  // Strings that are not values of a key (array items, keys of their own) are JSON too.
  residue = residue.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ').replace(SYNTAX, '');
  if (residue.length > t.length * RESIDUE_SHARE || residue.length > 40) return null;
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .filter((f) => !seen.has(f.text) && !!seen.add(f.text))
    .map(({ key, text: value }) => ({ key, text: value }));
}

/** Offered, never preselected: the raw JSON block is code, though what it holds may be the caption. */
const RAW_JSON_SCORE = 0.3;

/**
 * A found text that is JSON becomes its describing fields, each labelled by its key and ranked as the text was, and
 * the raw block after them, never preselected. Any other text is left as it is.
 */
export function expandJson<T extends { text: string; score: number; label?: string }>(found: T): T[] {
  const fields = jsonFields(found.text);
  if (!fields) return [found];
  return [...fields.map((f, i) => ({ ...found, text: f.text, label: f.key, score: found.score - i * 0.01 })), { ...found, score: Math.min(found.score, RAW_JSON_SCORE) }];
}

/** Text a JSON output holds a description in: let through where code is not. */
export const holdsJsonCaption = (text: string) => !!jsonFields(text)?.length;
