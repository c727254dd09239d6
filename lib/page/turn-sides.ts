// A chat whose turns say nothing of whose they are — hashed or utility class names (CSS modules, Tailwind,
// styled-components), no role attribute, no name line — read by its layout. The person's own turns sit against the
// far side of the column (a flex box that ends its content, a bubble pushed over by its margin), narrower than it;
// the model's turns span the column and, once finished, carry an answer's buttons (copy, regenerate, 👍 / 👎 as
// icons). The picture is posted in one of the person's turns; the answer is the next turn on the model's side, with
// any more turns of the person's in between (a picture sent after its request). Works left to right and right to
// left. DOM reads plus computed style and bounding boxes.
import { answerText, contentOf, hasAnswerActions, hasIconBar } from './answer-text';
import { collapse, renderedLines, wordCount } from './caption-text';
import { isPicture } from './picture-size';

/** How far up from the picture its turn may sit. */
const TURN_LEVELS = 10;
/** Most turns of one list read. */
const MOST_TURNS = 400;
/** Widest share of its row the person's turn takes: a bubble, not a column. */
const BUBBLE_SHARE = 0.8;
/** Least share of its row left free before the person's turn (on the near side). */
const FREE_SHARE = 0.15;
/** Fewest words of an answer that shows the sides take turns. */
const ANSWER_WORDS = 3;
/** Slack at the far edge (CSS px, or this share of the row): a row's padding, a scroll bar. */
const EDGE_PX = 24;
const EDGE_SHARE = 0.05;

type Box = { left: number; right: number; width: number };

function unionOf(elements: Element[]): Box | null {
  const rects = elements.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  if (!rects.length) return null;
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  return { left, right, width: right - left };
}

/** `inner` stands against the end of `frame` (its right, or its left right to left) and leaves its start free. */
function againstEnd(inner: Box | null, frame: Box, rtl: boolean): boolean {
  if (!inner || frame.width <= 0 || inner.width > frame.width * BUBBLE_SHARE) return false;
  const [farGap, nearGap] = rtl ? [inner.left - frame.left, frame.right - inner.right] : [frame.right - inner.right, inner.left - frame.left];
  return farGap <= Math.max(EDGE_PX, frame.width * EDGE_SHARE) && nearGap >= frame.width * FREE_SHARE;
}

/** A flex box that puts its content at the end of its line (`justify-content: flex-end`, or `align-items: flex-end` in a column). */
function endsItsContent(style: CSSStyleDeclaration): boolean {
  if (!/flex/.test(style.display)) return false;
  const along = style.flexDirection.startsWith('column') ? style.alignItems : style.justifyContent;
  return /^(?:flex-end|end|right)$/.test(along);
}

/** A box set at the end of its column of turns by its own alignment (`align-self: flex-end` in a flex column). */
function pushedToEnd(turn: Element, style: CSSStyleDeclaration): boolean {
  const parent = turn.parentElement ? getComputedStyle(turn.parentElement) : null;
  return !!parent && /flex/.test(parent.display) && parent.flexDirection.startsWith('column') && /^(?:flex-end|end|self-end)$/.test(style.alignSelf);
}

/**
 * The turn sits on the person's side: it lays its content out at the end of the line, or its content (or itself)
 * stands against the far edge of its row, narrower than it. A floated box (an article's picture set to the right) is
 * no turn.
 */
export function onFarSide(turn: Element): boolean {
  const style = getComputedStyle(turn);
  if (style.float && style.float !== 'none') return false;
  if (endsItsContent(style) || pushedToEnd(turn, style)) return true;
  const rtl = style.direction === 'rtl';
  const own = turn.getBoundingClientRect();
  if (own.width <= 0) return false;
  const parts = Array.from(turn.children).filter((child) => getComputedStyle(child).position !== 'absolute');
  if (parts.length && againstEnd(unionOf(parts), own, rtl)) return true;
  const row = turn.parentElement?.getBoundingClientRect();
  return !!row && againstEnd(own, row, rtl);
}

/** A finished answer's buttons (by their words, or a bar of icons), or a turn marked as still being written. */
const answerMarks = (turn: Element) => hasAnswerActions(turn) || hasIconBar(turn) || turn.matches('[aria-busy="true"]') || !!turn.querySelector('[aria-busy="true"]');

/** The turn opens with an icon-sized picture before its words (the model's avatar): a chat's turn, not an article's paragraph. */
function opensWithAvatar(turn: Element): boolean {
  const first = turn.firstElementChild;
  const icon = first?.tagName === 'IMG' ? first : first && !collapse(first.textContent) ? first.querySelector('img') : null;
  return !!icon && !isPicture(icon) && icon.getBoundingClientRect().width > 0;
}

/** A turn shows words, a picture or buttons (an answer's bar of icons standing after it). */
const shown = (el: Element) => !!collapse(el.textContent) || !!el.querySelector('img, button, [role="button"]');
const holdsPicture = (el: Element) => Array.from(el.querySelectorAll('img')).some((img) => isPicture(img));

/**
 * The turns of the list `turn` stands in, each with its side (true: the person's), when they take turns: a turn on the
 * model's side right after one on the person's holds an answer, finished (its buttons, in it or in a bar of their own
 * right after it) or being written — not a bar of share buttons under an article's paragraph. Null otherwise.
 */
function sidedTurns(turn: Element): { turns: Element[]; sides: boolean[] } | null {
  const list = turn.parentElement;
  if (!list) return null;
  const turns = Array.from(list.children).slice(0, MOST_TURNS).filter(shown);
  if (turns.length < 2 || !turns.includes(turn)) return null;
  const sides = turns.map(onFarSide);
  // The answer's buttons in its turn, or in a bar of their own right after it on the same side, named as an answer's
  // (copy, regenerate: a row of share icons after an article's paragraph is none).
  const marked = (i: number) => answerMarks(turns[i]!) || (!!turns[i + 1] && !sides[i + 1] && hasAnswerActions(turns[i + 1]!) && !answerText(turns[i + 1]!));
  const alternate = turns.some((t, i) => i > 0 && sides[i - 1] && !sides[i] && (marked(i) || opensWithAvatar(t)) && wordCount(answerText(t)) >= ANSWER_WORDS);
  return alternate ? { turns, sides } : null;
}

/**
 * The answer to a picture posted in a turn on the person's side of a chat told apart only by layout, and the texts of
 * the person's turns (never captions). Null when the picture's list of turns does not alternate sides with an answer
 * on the model's side.
 */
export function answerBySide(image: Element): { answers: { element: Element; label: string; text: string }[]; userTexts: string[] } | null {
  if (!isPicture(image)) return null;
  for (let turn = image.parentElement, level = 0; turn && turn !== document.body && level < TURN_LEVELS; turn = turn.parentElement, level++) {
    if (!onFarSide(turn)) continue;
    const sided = sidedTurns(turn);
    if (!sided) continue;
    const { turns, sides } = sided;
    const at = turns.indexOf(turn);
    // The next turn on the model's side; the person's own turns before it (more pictures, more words) are theirs too.
    const reply = turns.find((t, i) => i > at && !sides[i]);
    if (!reply || holdsPicture(reply)) return null;
    const text = answerText(contentOf(reply));
    if (!text) return null;
    const theirs = turns.filter((t, i) => sides[i]);
    const userTexts = [...theirs.map((t) => collapse(t.textContent)), ...theirs.flatMap((t) => renderedLines(t).map(collapse))].filter(Boolean);
    return { answers: [{ element: reply, label: '', text }], userTexts };
  }
  return null;
}

/** An icon in a turn of a chat told apart by layout (the model's mark beside its words, the person's beside theirs): it stands for whose turn it is. */
export function iconInSidedTurn(image: Element): boolean {
  if (isPicture(image)) return false;
  for (let turn = image.parentElement, level = 0; turn && turn !== document.body && level < TURN_LEVELS; turn = turn.parentElement, level++) if (sidedTurns(turn)) return true;
  return false;
}

/** How far up a turn's label may sit in the line it heads (the label in a span, in the turn's header row). */
const LABEL_LEVELS = 3;
/** A turn's visible label for the person's side ("User", "You", "Usuário"), in the languages the extension reads. */
const USER_LABEL =
  /^(?:user|you|human|usuário|usuario|utente|utilisateur|benutzer|gebruiker|użytkownik|kullanıcı|felhasználó|uživatel|používateľ|utilizator|käyttäjä|användare|bruger|bruker|χρήστης|користувач|пользователь|ユーザー|用户|用戶|사용자|المستخدم|उपयोगकर्ता|משתמש|کاربر|người dùng|pengguna|ผู้ใช้)$/iu;
/** A turn's visible label for the model's side ("Assistant", "Model", "Assistente"). */
const MODEL_LABEL =
  /^(?:assistant|model|modell|modelo|modello|modèle|assistente|asistente|assistent|asystent|asistan|asszisztens|avustaja|asistent|βοηθός|μοντέλο|ассистент|асистент|модель|アシスタント|モデル|助手|模型|어시스턴트|모델|المساعد|النموذج|सहायक|מודל|עוזר|دستیار|مدل|trợ lý|mô hình|asisten|ผู้ช่วย|โมเดล)$/iu;

/**
 * The side a turn's own visible label names ("User", "Assistant" printed above the turn's words, a console's or a
 * playground's way): a leaf holding only that word (a colon after it allowed), followed by a block of words or a
 * picture. Not a form's label, a table's or a
 * definition list's cell, code, a menu's option or a button ("Model" above a model picker, or as a model card's row, names a
 * setting, not a turn). Null otherwise.
 */
export function labelledSide(element: Element): 'user' | 'assistant' | null {
  if (element.children.length || element.closest('label, legend, table, dl, option, select, button, a, pre, code, [role="columnheader"], [role="cell"], [role="gridcell"]')) return null;
  const text = collapse(element.textContent).replace(/\s*[:：]$/, '');
  const side = USER_LABEL.test(text) ? 'user' : MODEL_LABEL.test(text) ? 'assistant' : null;
  if (!side) return null;
  // Above the turn's words: the block after it (or after the line it heads) holds words or a picture, not a field's
  // short value ("Model pixel-vision-small" in a bot's embed names a setting).
  let line = element;
  for (let level = 0; line.parentElement && level < LABEL_LEVELS && collapse(line.parentElement.textContent) === collapse(element.textContent); level++) line = line.parentElement;
  const next = line.nextElementSibling;
  return next && (wordCount(collapse(next.textContent)) >= ANSWER_WORDS || next.querySelector('img')) ? side : null;
}

