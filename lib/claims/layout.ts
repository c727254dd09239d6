import { statesSomething } from './clauses.ts';
import { figureLabelLength } from './figure-label.ts';
import { trimSpan, type Span } from './span.ts';
import { DETERMINER, FINITE, SUBJECT_PRONOUN, TEXT_BEARERS, WORD } from './words.ts';

/** A run of caption text to split into sentences; `question` marks the question of a VQA answer. */
export interface Block extends Span {
  question: boolean;
  /** A list item the caption says is written in the picture ("The poster lists: 1. Rinse well."): read, not advice. */
  read?: boolean;
}

// Markup that opens a line and states nothing: heading hashes, bullets, numbering, quote marks.
const LINE_MARKER = /^(?:#{1,6}\s+|>\s*|[-*•+‣▪◦]\s+|\(?\d{1,3}[.)]\s+|\(?[a-z][.)]\s+(?=\p{Lu}))/u;
// "**Objects:**", "Objects:", "- **Colour**:": a short label ending in a colon.
const LABEL = /^(?:\*\*|__)?([\p{L}\p{N}][\p{L}\p{N} '’&/()-]{0,40}?)(?:\*\*|__)?\s*:(?:\*\*|__)?(?=\s|$)/u;
// A sentence before a colon, not a field name: a subject and its verb ("The label reads:", "Your remote shows:"),
// or a thing described at length ("A highway sign in green with white text:").
function isLeadIn(name: string): boolean {
  const words = name.toLowerCase().match(WORD) ?? [];
  const first = words[0] ?? '';
  if (!DETERMINER.has(first) && !SUBJECT_PRONOUN.has(first) && first !== 'there') return false;
  return words.some((w) => FINITE.has(w)) || ((first === 'a' || first === 'an') && words.length >= 4);
}
const QUESTION_LABEL = /^(?:q|question|user|prompt)$/iu;
const ANSWER_LABEL = /^(?:a|answer|assistant|response)$/iu;
function trimMarkup(caption: string, start: number, end: number): Span | null {
  const text = caption.slice(start, end);
  const lead = /^[*_`\s]+/u.exec(text)?.[0].length ?? 0;
  const tail = /[*_`\s]+$/u.exec(text.slice(lead))?.[0].length ?? 0;
  return trimSpan(caption, start + lead, end - tail);
}

function push(blocks: Block[], caption: string, start: number, end: number, question = false): void {
  const span = trimMarkup(caption, start, end);
  if (span && /[\p{L}\p{N}]/u.test(span.text)) blocks.push({ ...span, question });
}

// A label with a few words or a phrase with no verb after it ("Colour: red", "Palette: warm ochres and deep
// blues") is one claim with its label, since the value alone says nothing; a label before a list or a
// sentence is only a heading for it.
const SHORT_VALUE_WORDS = 3;
/** A value that is a phrase, not a sentence of its own: no verb, and not written as a sentence (capital to full stop). */
const phraseOnly = (value: string) =>
  !(/^\s*\p{Lu}/u.test(value) && /[.!?]["')\]]*\s*$/u.test(value)) && !statesSomething({ text: value, start: 0, end: value.length });

/** One line of the caption, without its list marker and label, cut at inline " - " bullets. */
function lineBlocks(blocks: Block[], caption: string, start: number, end: number): void {
  let at = start;
  const marker = LINE_MARKER.exec(caption.slice(at, end));
  // A heading names a section ("## Objects"); it states nothing about the picture.
  if (marker?.[0].startsWith('#')) return;
  if (marker) at += marker[0].length;
  // "Figure 3:", "Sample 2.", "Image 1 of 5": where the picture sits among others, not what it shows.
  at += figureLabelLength(caption.slice(at, end));
  const found = LABEL.exec(caption.slice(at, end));
  // "The medication label reads:", "The two socks are different colors:": a sentence leading into what
  // follows states something itself, so it is no label to drop.
  const label = found && !isLeadIn(found[1]!.trim()) ? found : null;
  if (label) {
    const name = label[1]!.trim();
    const rest = caption.slice(at + label[0].length, end);
    if (!/[\p{L}\p{N}]/u.test(rest)) return; // "**Objects:**" alone heads the list below it
    if (QUESTION_LABEL.test(name)) {
      // "Q: What colour is the bus? A: Red.": the answer may follow on the same line.
      const answer = /\s(?:a|answer):\s/iu.exec(rest);
      const questionEnd = answer ? at + label[0].length + answer.index : end;
      push(blocks, caption, at + label[0].length, questionEnd, true);
      if (answer) push(blocks, caption, questionEnd + answer[0].length, end);
      return;
    }
    if (ANSWER_LABEL.test(name)) at += label[0].length;
    else if ((rest.trim().split(/\s+/u).length <= SHORT_VALUE_WORDS || phraseOnly(rest)) && !/\s[-*•]\s/u.test(rest)) {
      return push(blocks, caption, at, end);
    }
    else at += label[0].length;
  }
  // "**Objects:** - a red car - two people": bullets run on in one line.
  const text = caption.slice(at, end);
  if (/^\s*[-*•]\s/u.test(text)) {
    let from = at;
    for (const m of text.matchAll(/(?:^|\s)[-*•]\s+/gu)) {
      push(blocks, caption, from, at + m.index);
      from = at + m.index + m[0].length;
    }
    return push(blocks, caption, from, end);
  }
  push(blocks, caption, at, end);
}

const JSON_STRING = /"((?:[^"\\]|\\.)*)"\s*(:)?/gu;
// A number or true/false right after a key: `"count": 3` says how many, as much as a string would.
const JSON_SCALAR = /^\s*(?:-?\d+(?:\.\d+)?|true|false)\b/u;

/** `{"objects": ["a red car"], "count": 2}`: every string, number or true/false value is a block, keys are context. */
function jsonBlocks(caption: string, from = 0, to = caption.length): Block[] | null {
  const trimmed = caption.slice(from, to).trim();
  if (!/^[[{]/u.test(trimmed) || !/[\]}]$/u.test(trimmed)) return null;
  const blocks: Block[] = [];
  let key = '';
  for (const m of caption.slice(0, to).matchAll(JSON_STRING)) {
    if (m.index < from) continue;
    const start = m.index + 1;
    const end = start + m[1]!.length;
    if (m[2]) {
      key = m[1]!;
      const scalar = JSON_SCALAR.exec(caption.slice(m.index + m[0].length, to));
      if (scalar) push(blocks, caption, start, m.index + m[0].length + scalar[0].length);
      continue;
    }
    // A one-word value ("sunny") only makes sense with its key, so the span reaches back to the key.
    const keyAt = key ? caption.lastIndexOf(`"${key}"`, m.index) : -1;
    if (keyAt >= 0 && !/\s/u.test(m[1]!.trim()) && !caption.slice(keyAt, m.index).includes('[')) push(blocks, caption, keyAt + 1, end);
    else push(blocks, caption, start, end);
  }
  return blocks;
}

const TABLE_ROW = /^\s*\|.*\|\s*$/u;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/u;
// "- **People**" over an indented list names the group below it; it states nothing itself.
const BOLD_ONLY_ITEM = /^\s*(?:[-*•+]\s+|\d{1,3}[.)]\s+)(?:\*\*|__)[^*_]{1,60}(?:\*\*|__):?\s*$/u;
const LIST_ITEM = /^\s*(?:[-*•+‣▪◦]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s/u;
// A line that introduces text written in the picture, ending in a colon: a thing bearing text and a verb after it
// ("The label lists:"), or a heading that names such a thing ("Cooking directions:"), not the answer's own advice
// ("Steps to fix it:", "Steps you can take:").
const BEARERS = new Set(TEXT_BEARERS);
function readsOut(line: string): boolean {
  if (!/:\W*$/u.test(line)) return false;
  const words = line.slice(0, line.lastIndexOf(':')).toLowerCase().match(WORD) ?? [];
  const bearer = words.findIndex((w) => BEARERS.has(w) || BEARERS.has(w.replace(/s$/u, '')));
  if (bearer < 0) return false;
  if (words.slice(bearer + 1).some((w) => FINITE.has(w))) return true;
  return bearer === words.length - 1 && !/\b(?:you|your|to|should|can)\b/u.test(words.join(' '));
}
const indentOf = (line: string) => /^\s*/u.exec(line)![0].length;

/** The caption cut into blocks of prose: Markdown and list markup, table rules and headers, labels and JSON syntax left out. */
export function layoutBlocks(caption: string): Block[] {
  const json = jsonBlocks(caption);
  if (json) return json;
  const blocks: Block[] = [];
  const lines = caption.split('\n');
  let lineStart = 0;
  let reading = false;
  lines.forEach((line, i) => {
    const lineEnd = lineStart + line.length;
    const next = lines[i + 1] ?? '';
    // A line that is a JSON object of its own, after prose ("Detected: …" answers), reads like a whole JSON answer.
    const jsonLine = jsonBlocks(caption, lineStart, lineEnd);
    if (jsonLine) blocks.push(...jsonLine);
    else if (TABLE_ROW.test(line)) {
      // A Markdown table: the header (the row above the rule) and the rule state nothing; a row is one claim.
      if (!TABLE_RULE.test(line) && !TABLE_RULE.test(next)) {
        const open = line.indexOf('|');
        push(blocks, caption, lineStart + open + 1, lineStart + line.lastIndexOf('|'));
      }
    } else {
      const groupName = BOLD_ONLY_ITEM.test(line) && /^\s*(?:[-*•+]|\d{1,3}[.)])\s/u.test(next) && indentOf(next) > indentOf(line);
      const rule = /^\s*(?:[-*_=]\s*){3,}$/u.test(line);
      const before = blocks.length;
      if (!groupName && !rule) lineBlocks(blocks, caption, lineStart, lineEnd);
      const item = LIST_ITEM.test(line);
      if (reading && item) for (const block of blocks.slice(before)) block.read = true;
      // The items under "The label lists:" or "Directions:" are what is written there, until the list ends.
      if (!item || !reading) reading = readsOut(line);
    }
    lineStart = lineEnd + 1;
  });
  return blocks;
}
