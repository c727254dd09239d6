// What an answer turn says: its words without the interface around them (controls, times, hidden labels, the model's
// shown reasoning, a run's logs, source cards, notices), the part of a turn that holds them, and the buttons only an
// answer carries. Pure DOM reads.
import { embedDescription } from './bot-embed';
import { collapse, renderedLines, visuallyHidden, wordCount } from './caption-text';
import { isBookkeeping, isLogPanel, isModelName, isReasoning, isSourceLink, leadLabelOf } from './output-trim';
import { DISCLAIMER, NOTEBOOK_PROMPT } from './requests';

/** Class words of a turn's header or name line ("Message_botHeader", "username-line", "sender-name", "author"). */
const NAME_LINE_CLASS = /(?:^|[\s_-])(?:\w*header|\w*name|author|sender|byline)(?:$|[\s_-])/i;
/** Longest name line: a name, a badge, a time. */
const NAME_LINE_CHARS = 40;
/** A turn's name line ("GPT-4o" in a bot header, "Describer BOT 9:02"): it says whose the words are; its role is the message's. */
export const isNameLine = (el: Element) => NAME_LINE_CLASS.test(el.getAttribute('class') ?? '') && collapse(el.textContent).length <= NAME_LINE_CHARS;

/** The words of an answer's own name line ("OpenAI: GPT-4.1 Mini" beside its icon), or "": whose answer it is. */
export const nameLineText = (answer: Element) => collapse(Array.from(answer.querySelectorAll('*')).slice(0, 400).find((el) => isNameLine(el) && collapse(el.textContent))?.textContent);

/** Most words beside the buttons of a box of controls ("Try asking next", a time and a token count). */
const BUTTON_BOX_WORDS = 6;
/** A box of two or more buttons with a few words at most beside them: suggested follow-up questions under their label, an action row. */
const isButtonBox = (element: Element) =>
  element.querySelectorAll('button, [role="button"]').length >= 2 &&
  wordCount(renderedLines(element, undefined, (el) => el.getAttribute('role') === 'button').join(' ')) <= BUTTON_BOX_WORDS;

/** Tags of the model's own lists and tables: never a row of figures the interface prints. */
const LIST_TAGS = /^(?:UL|OL|DL|TABLE|TBODY|TR)$/;
/** A run's reason to stop or its state, as "name: value" of a few words ("Stop reason: EOS Token Found", "Finish reason: stop"). */
const STATE_FIELD = /^[\p{L}\s_-]{1,24}[:：]\s*[\p{L}\p{N}\s_.-]{1,30}$/u;
/**
 * A row of figures under an answer, each in an element of its own and often with no space between them ("Speed: 612
 * T/s", "Input: 1,204 tokens", "Time: 0.16s"), maybe with separators of their own ("•") and a state beside the figures
 * ("31 tok/sec • 142 tokens • Stop reason: EOS"): a run's statistics, not the model's words.
 */
export const isFiguresRow = (element: Element) => {
  if (LIST_TAGS.test(element.tagName) || element.childElementCount < 2) return false;
  const pieces = Array.from(element.children).map((child) => collapse(child.textContent)).filter((piece) => piece && !/^[·•|｜–—/]+$/u.test(piece));
  const loose = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(node.textContent ?? ''));
  const figures = pieces.filter((piece) => isBookkeeping(piece) && !/^\D*$/.test(piece));
  return !loose && figures.length >= 2 && pieces.every((piece) => figures.includes(piece) || (STATE_FIELD.test(piece) && wordCount(piece) <= 6));
};

/** Controls, times, name lines, hidden labels, the model's shown reasoning, a run's logs and its source cards inside an answer: not part of what the model said. */
const isChrome = (element: Element) =>
  element.tagName === 'TIME' ||
  // A folded panel (a workflow's steps, tool calls): its words are not shown, its summary is a toggle's label.
  (element instanceof HTMLDetailsElement && !element.open) ||
  isButtonBox(element) || isFiguresRow(element) || isNameLine(element) || element.getAttribute('role') === 'toolbar' || (element.getAttribute('role') === 'group' && !!element.querySelector('button')) || visuallyHidden(element) || isReasoning(element) || isLogPanel(element) || isSourceLink(element);

/** An answer's text as read: its lines, without controls, hidden labels, notices, or the heading that names it. */
export function answerText(element: Element, label = ''): string {
  // A bot's embed card: the description is what it said; its title and footer name the bot.
  const embed = embedDescription(element) ?? element.querySelector('[class*="embed" i] [class*="description" i]');
  const lead = leadLabelOf(embed ?? element);
  const head = headLineOf(embed ?? element);
  const lines = renderedLines(embed ?? element, undefined, (el) => el === lead || el === head || isChrome(el), true).filter((line) => !DISCLAIMER.test(line) && !NOTEBOOK_PROMPT.test(line));
  if (label && collapse(lines[0]) === label) lines.shift();
  return collapse(lines.join('\n')) && lines.join('\n');
}

/** Longest head line of an answer: a model's name or badge ("⚡ Flash", "Gemini 2.5 Pro"), a role ("Assistant"). */
const HEAD_CHARS = 30;
const HEAD_WORDS = 3;
/** Elements of the model's own words (a Markdown paragraph, item, heading or quote): never a head line, even when short. */
const WORDS_TAGS = /^(?:P|LI|H[1-6]|BLOCKQUOTE|PRE|CODE|TD|TH|DT|DD|STRONG|B|EM|I)$/;

/**
 * The short line an answer turn starts with, in an element of its own before the block holding the words: a model's
 * name, badge or mode ("⚡ Flash", "Qwen3-VL"), or the side's role ("Assistant", "Model"). A few words, not a sentence
 * nor a lead-in (no closing stop, colon or comma); never a paragraph, item or heading of the answer itself. Null when
 * the answer starts with its words.
 */
export function headLineOf(root: Element): Element | null {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && (!collapse(node.textContent) || node.parentElement?.closest('button, script, style, [aria-hidden="true"]'))) node = walker.nextNode();
  let head = node?.parentElement;
  if (!head || head === root || !root.contains(head)) return null;
  while (head.parentElement && head.parentElement !== root && collapse(head.parentElement.textContent) === collapse(head.textContent)) head = head.parentElement;
  const text = collapse(head.textContent);
  if (text.length > HEAD_CHARS || wordCount(text) > HEAD_WORDS || /[.!?。！？:：,،;]$/u.test(text) || head.closest('p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, th')) return null;
  if (WORDS_TAGS.test(head.tagName)) return null;
  if (wordsFollow(head)) return head;
  // A header row of a few short pieces side by side: the side's role and the model's id ("Assistant" ·
  // "meta-llama/llama-4-scout-17b"), a name and a badge; the words follow the row.
  const row = head.parentElement;
  if (!row || row === root || !root.contains(row) || row.closest('p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, th')) return null;
  const rowText = collapse(row.textContent);
  const pieces = Array.from(row.children).filter((child) => collapse(child.textContent));
  const shortPiece = (piece: Element) => collapse(piece.textContent).length <= ROW_PIECE_CHARS && wordCount(collapse(piece.textContent)) <= HEAD_WORDS && !WORDS_TAGS.test(piece.tagName);
  const rowOk =
    pieces.length >= 2 && pieces.length <= 3 && pieces.every(shortPiece) && wordCount(rowText) <= HEAD_WORDS * 2 &&
    pieces.map((piece) => piece.textContent).join('').replace(/\s+/g, '') === rowText.replace(/\s+/g, '') && !/[.!?。！？:：,،;]$/u.test(rowText);
  return rowOk && wordsFollow(row) ? row : null;
}

/** Longest piece of a header row (a model's id runs long: "meta-llama/llama-4-scout-17b-16e-instruct"). */
const ROW_PIECE_CHARS = 60;

/** The words follow a head line in the next block: many more of them than the line has. */
function wordsFollow(head: Element): boolean {
  const text = collapse(head.textContent);
  let body = head.nextElementSibling;
  while (body && !collapse(body.textContent)) body = body.nextElementSibling;
  return !!body && wordCount(collapse(body.textContent)) >= 5 && collapse(body.textContent).length >= text.length * 3;
}

/**
 * Buttons an answer carries and a question does not: copy it, have it written again, read it aloud (nine languages, ja, zh).
 * Words in scripts other than Latin stand outside the `\b` group: `\b` knows word characters only in ASCII.
 */
const ANSWER_ACTION =
  /\b(?:copy|regenerate|retry|read aloud|kopieren|neu generieren|wiederholen|vorlesen|copier|régénérer|réessayer|lire à voix haute|copiar|regenerar|reintentar|leer en voz alta|copia|rigenera|riprova|leggi ad alta voce|tentar novamente|ler em voz alta|kopiuj|skopiuj|kopyala|kopiera|kopiëren|opnieuw genereren|yeniden oluştur|kopioi|salin|buat ulang|sdílet|distribuie)\b|копіювати|згенерувати знову|повторити|نسخ|إعادة التوليد|कॉपी करें|फिर से बनाएँ|copiază|regenerează|reîncearcă|kopírovat|zkopírovat|kopírovať|skopírovať|znovu vygenerovat|másolás|újragenerálás|luo uudelleen|αντιγραφή|αναδημιουργία|คัดลอก|สร้างใหม่|کپی|رونوشت|تولید دوباره|העתק|העתקה|צור מחדש|sao chép|tạo lại|копировать|скопировать|копіювати|перегенерировать|복사|다시 생성|コピー|再生成|再試行|読み上げ|复制|複製|重新生成|重新產生|重试|朗读/iu;
/** Fewest icon buttons of an answer's action bar (copy, retry, rate up, rate down …). */
const BAR_BUTTONS = 3;
/**
 * A bar of icon buttons with no words (an answer's copy / retry / 👍 / 👎 drawn as icons, their labels in any language or
 * none): a box of at least three buttons whose text, all of them together, is a few symbols at most.
 */
export const hasIconBar = (turn: Element) =>
  Array.from(turn.querySelectorAll('div, span, footer, [role="toolbar"], [role="group"]')).some((bar) => {
    const buttons = bar.querySelectorAll(':scope > button, :scope > [role="button"]');
    return buttons.length >= BAR_BUTTONS && buttons.length === bar.children.length && !/[\p{L}\p{N}]/u.test(bar.textContent ?? '');
  });

export const hasAnswerActions = (turn: Element) =>
  Array.from(turn.querySelectorAll('button, [role="button"]')).some((b) => ANSWER_ACTION.test(`${b.getAttribute('aria-label') ?? ''} ${b.getAttribute('title') ?? ''} ${collapse(b.textContent)}`));

/** A block of the words themselves (a paragraph, a list, a table, a quote): its siblings are words too, never a name line. */
const WORDS_BLOCK = /^(?:P|UL|OL|DL|LI|TABLE|BLOCKQUOTE|PRE|H[1-6])$/;

/**
 * The part of a turn that holds its words: down through the one child holding nearly all of them (past the name line),
 * not into one block of them (a long list after a short lead-in: the lead-in is the answer's too).
 */
export function contentOf(turn: Element): Element {
  let box = turn;
  for (;;) {
    const total = collapse(answerText(box)).length;
    const main = Array.from(box.children).find((child) => collapse(answerText(child)).length >= total * 0.85);
    if (!main || !total || WORDS_BLOCK.test(main.tagName)) return box;
    box = main;
  }
}

/** Longest name a pane gives itself. */
const PANE_NAME_CHARS = 60;
/** How far up from an answer the pane that names it may be. */
const PANE_LEVELS = 6;

/** A pane's name that only counts panes ("Split 1", "Pane 2", "Column 3", "Tab #4"): no name of the model in it. */
const NUMBERED_PANE = /^\p{L}+\s*#?\d{1,2}$/u;

/**
 * The name a pane gives itself (`<section aria-label="openai/gpt-4.1">`) when it holds this answer and none of the
 * others shown beside it: the answers side by side are labelled by their panes, as by a heading. A pane named only by
 * its number is named by the model's name shown alone in it before the answer (its header's "llama3.2-vision:11b").
 * "" when none.
 */
export function paneName(answer: Element, group: Element[], isSideLabel: (text: string) => boolean): string {
  for (let box = answer.parentElement, level = 0; box && box !== document.body && level < PANE_LEVELS; box = box.parentElement, level++) {
    const pane = box;
    if (group.some((other) => other !== answer && pane.contains(other))) return '';
    const name = collapse(pane.getAttribute('aria-label'));
    if (name && name.length <= PANE_NAME_CHARS && !isSideLabel(name) && !NUMBERED_PANE.test(name)) return name;
    const model = Array.from(pane.querySelectorAll('*'))
      .slice(0, 200)
      .find((el) => !el.children.length && !!(el.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING) && isModelName(collapse(el.textContent)));
    if (model) return collapse(model.textContent);
  }
  return '';
}
