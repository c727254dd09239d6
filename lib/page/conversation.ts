// Chat transcripts: which turn a picture was posted in and which answer describes it. Turns are recognised by
// what the page says about them (turn-roles.ts: role attributes, ARIA names, custom element names, class words,
// a bot badge), by layout (alike turns, an answer's buttons) — not by one product's class names.
// Answers shown side by side (an arena's Model A / Model B, "which response do you prefer") are each offered,
// labelled by their heading. Pure DOM reads plus layout (bounding boxes) for side-by-side answers.
import { thumbnailDescription } from './bot-embed';
import { answerText, contentOf, hasAnswerActions, hasIconBar, headLineOf, nameLineText, paneName } from './answer-text';
import { collapse, renderedLines, visuallyHidden, wordCount } from './caption-text';
import { isPicture } from './picture-size';
import { messengerReply } from './messenger';
import { answerInThread } from './thread-reply';
import { answerBySide } from './turn-sides';
import { ownRole, roleElements } from './turn-roles';

const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** One answer to a picture, with the heading it is shown under when several stand side by side. */
export interface FoundAnswer {
  text: string;
  label: string;
  element: Element;
}

/** A turn's label that names only its side ("Model", "Assistant", "User"), in a few languages: no answer's own heading. */
const SIDE_LABEL = /^(?:user|human|you|assistant|assistent|asistente|assistente|asistan|model|modell|modelo|modello|modèle|bot|ai|system|response|answer|ассистент|модель|モデル|模型|助手|어시스턴트|모델)$/iu;

/** The heading an answer is shown under (block label, heading, legend) within a few levels above it. */
function headingOf(answer: Element): string {
  let box: Element | null = answer;
  for (let level = 0; box && level < 5; level++, box = box.parentElement) {
    const heads = Array.from(box.querySelectorAll('h1, h2, h3, h4, h5, h6, legend, label, [data-testid*="label" i], [class*="label" i]')).filter(
      // The turn's own role label ("Model", "Assistant") names its side, not this answer: the pane's heading does.
      (h) => !visuallyHidden(h) && (follows(h, answer) || answer.contains(h)) && collapse(h.textContent).length <= 30 && collapse(h.textContent) && !SIDE_LABEL.test(collapse(h.textContent)),
    );
    const last = heads.filter((h) => !heads.some((other) => other !== h && h.contains(other))).at(-1);
    if (last) return collapse(last.textContent);
  }
  return '';
}

/** The short line an answer starts with, when it names the model and not only the side ("Llama 4 Scout", not "Assistant"). */
const headLabel = (answer: Element) => ((text) => (SIDE_LABEL.test(text) ? '' : text))(collapse(headLineOf(answer)?.textContent));

/** Two answers stand side by side: they share a row on screen and not a column. */
function sideBySide(a: Element, b: Element): boolean {
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  return ra.width > 0 && rb.width > 0 && Math.min(ra.bottom, rb.bottom) > Math.max(ra.top, rb.top) && (ra.right <= rb.left || rb.right <= ra.left);
}

/** Most answers one turn shows side by side (an arena's pair, a few drafts). */
const MOST_PANES = 4;

/**
 * One answer turn that holds several answers side by side (an arena's "Assistant A" and "Assistant B" under one
 * turn): sibling panes standing in one row, each with a short heading of its own and words after it. Empty otherwise.
 */
function panesOf(turn: Element): Element[] {
  const headed = (pane: Element) => {
    const head = pane.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]');
    const name = collapse(head?.textContent);
    return !!name && name.length <= 30 && collapse(answerText(pane, name)).length > name.length;
  };
  for (const box of [turn, ...Array.from(turn.querySelectorAll('*')).slice(0, 400)]) {
    const panes = Array.from(box.children).filter((child) => collapse(child.textContent));
    if (panes.length < 2 || panes.length > MOST_PANES) continue;
    if (panes.every(headed) && panes.slice(1).every((pane) => sideBySide(panes[0]!, pane))) return panes;
  }
  return [];
}

/** Farthest an answer may start below the picture it answers (CSS px). */
const ANSWER_GAP_PX = 1500;
/** How far up the picture's turn, or the block it stands in, may sit from the picture. */
const TURN_LEVELS = 10;

/**
 * The answers that describe `image` in a conversation: the first answer after the turn it was posted in (and
 * those shown beside it), plus the texts of the user's own turns, which are never captions. Null when the
 * picture is not in a conversation (an article, a gallery), is an avatar, or is in the model's own answer.
 */
export function conversationAnswers(image: Element): { answers: FoundAnswer[]; userTexts: string[] } | null {
  if (!isPicture(image)) return null;
  // The picture again as the thumbnail of a bot's embed: the embed's description is the answer about it.
  const described = thumbnailDescription(image);
  if (described && roleElements(document.body).some((t) => t.role === 'assistant' && t.element.contains(image)))
    return { answers: [{ element: described, label: '', text: answerText(described) }].filter((a) => a.text), userTexts: [] };
  // A picture in the page's chrome (navigation, header; a sidebar's icon) that holds no turns: no turn answers it. A
  // side panel may hold a chat of its own told apart by layout (an assistant docked beside a document), read below.
  const chrome = image.closest(isPicture(image) ? 'nav, header, [role="navigation"], [role="banner"]' : 'nav, header, aside, [role="navigation"], [role="banner"], [role="complementary"]');
  if (chrome && !roleElements(document.body).some((t) => chrome.contains(t.element))) return null;
  return answersByRole(image) ?? answerByLayout(image) ?? answerByMessenger(image) ?? answerAfterUserTurn(image) ?? answerBySide(image) ?? answerInThread(image);
}

/**
 * A user's turn that names its role followed by an answer that names none (a search chat's query row, then its tabs
 * and the answer's block): the longest text between the picture's turn and the next user turn, in a block that carries
 * an answer's buttons (copy, rewrite) and no picture of its own.
 */
function answerAfterUserTurn(image: Element): { answers: FoundAnswer[]; userTexts: string[] } | null {
  const turns = roleElements(document.body).filter((t) => t.role === 'user');
  const own = turns.find((t) => t.element.contains(image))?.element;
  const nextTurn = own && turns.find((t) => follows(own, t.element) && !own.contains(t.element))?.element;
  for (let box: Element | null | undefined = own, level = 0; box && box !== document.body && level < 3; box = box.parentElement, level++) {
    const stretch: Element[] = [];
    for (let s = box.nextElementSibling; s && !(nextTurn && (s === nextTurn || s.contains(nextTurn))); s = s.nextElementSibling) stretch.push(s);
    const best = stretch
      .filter(hasAnswerActions)
      .map((block) => ({ block, content: contentOf(block) }))
      .filter(({ content }) => !Array.from(content.querySelectorAll('img')).some(isPicture) && !content.querySelector('textarea, input'))
      .map(({ block, content }) => ({ element: block, label: '', text: answerText(content) }))
      .filter((a) => wordCount(a.text) >= 5)
      .sort((a, b) => b.text.length - a.text.length)[0];
    if (best) return { answers: [best], userTexts: [collapse(own!.textContent)] };
    if (stretch.length) return null;
  }
  return null;
}

/** A messenger's bot: the picture sent in the person's own message is answered by the next message not theirs. */
function answerByMessenger(image: Element): { answers: FoundAnswer[]; userTexts: string[] } | null {
  const found = messengerReply(image);
  const text = found && answerText(contentOf(found.reply));
  return found && text ? { answers: [{ element: found.reply, label: '', text }], userTexts: found.ownTexts } : null;
}


/**
 * A transcript whose turns say nothing of their roles: a run of alike turns (same element and class) where the
 * turn after the picture's carries an answer's buttons (copy, regenerate, read aloud) and no picture of its own.
 */
function answerByLayout(image: Element): { answers: FoundAnswer[]; userTexts: string[] } | null {
  for (let turn = image.parentElement, level = 0; turn && turn !== document.body && level < TURN_LEVELS; turn = turn.parentElement, level++) {
    const key = (el: Element) => `${el.tagName} ${el.getAttribute('class') ?? ''}`;
    const alike = Array.from(turn.parentElement?.children ?? []).filter((c) => key(c) === key(turn));
    if (alike.length < 2) continue;
    const next = alike[alike.indexOf(turn) + 1];
    // Turns follow one another down the page: a column beside the picture's (a demo's output column) is no reply.
    if (!next || sideBySide(turn, next) || Array.from(next.querySelectorAll('img')).some(isPicture)) continue;
    // An answer's buttons by their words, or a bar of icon buttons the picture's own turn does not carry.
    if (!hasAnswerActions(next) && !(hasIconBar(next) && !hasIconBar(turn))) continue;
    const text = answerText(contentOf(next));
    return text ? { answers: [{ element: next, label: '', text }], userTexts: renderedLines(turn).map(collapse) } : null;
  }
  return null;
}

/** The answer after the picture among turns that name their role. */
function answersByRole(image: Element): { answers: FoundAnswer[]; userTexts: string[] } | null {
  const rect = image.getBoundingClientRect();
  // Inside a web component's shadow root (a chat widget), its turns are there.
  const turns = roleElements(((root) => (root instanceof ShadowRoot ? root : document.body))(image.getRootNode()));
  if (turns.some((t) => t.role === 'assistant' && t.element.contains(image))) return null;
  let next = turns.findIndex((t) => t.role === 'assistant' && follows(image, t.element));
  // A part of the model's turn that shows no words (a folded "show thinking" toggle): its words follow, before the user's next turn.
  while (turns[next] && !(turns[next]!.role === 'assistant' && answerText(turns[next]!.element))) next = turns[next]!.role === 'user' ? -1 : next + 1;
  const first = turns[next];
  // The answer follows the picture soon, in the same stream of turns, not somewhere down the page.
  if (!first || first.element.getBoundingClientRect().top - rect.bottom > ANSWER_GAP_PX) return null;
  // The picture belongs to the conversation: it sits in a user's turn, or its block is followed by the answer's.
  let inConversation = turns.some((t) => t.role === 'user' && t.element.contains(image));
  // The block the picture stands in, right before the answer's: the picture's own turn, its words the user's.
  let ownBlock: Element | null = null;
  for (let box = image.parentElement, level = 0; !inConversation && box && box !== document.body && level < TURN_LEVELS; box = box.parentElement, level++) {
    const sibling = box.nextElementSibling;
    if (sibling && (sibling === first.element || sibling.contains(first.element))) [inConversation, ownBlock] = [true, box];
  }
  for (let box = image.parentElement, level = 0; !inConversation && box && level < TURN_LEVELS; box = box.parentElement, level++)
    if (ownRole(box) === 'user') inConversation = true;
  if (!inConversation) return null;
  const userTexts = [...turns.filter((t) => t.role === 'user').map((t) => t.element), ...(ownBlock ? [ownBlock] : [])].map((el) => collapse(el.textContent));
  // Answers beside the first one, left or right of it (an arena's two models, split chats, two drafts) are offered after it.
  const beside = turns.filter((t, i) => i !== next && t.role === 'assistant' && sideBySide(first.element, t.element));
  // Or shown side by side within the one answer turn, each pane under its heading.
  const panes = beside.length ? [] : panesOf(first.element);
  const group = panes.length ? panes : [first, ...beside].map((t) => t.element);
  const answers = group
    .map((element) => {
      // Under the pane's heading, else the answer's own name line ("OpenAI: GPT-4.1 Mini").
      const label = group.length > 1 ? headingOf(element) || nameLineText(element) || paneName(element, group, (t) => SIDE_LABEL.test(t)) || headLabel(element) : '';
      return { element, label, text: answerText(element, label) };
    })
    .filter((a) => a.text);
  return answers.length ? { answers, userTexts } : null;
}

/** The picture is part of a model's own turn (a generated image, a chart in an answer): it answers, it is not asked about. */
export function inModelTurn(image: Element): boolean {
  for (let el = image.parentElement; el && el !== document.body; el = el.parentElement) if (ownRole(el) === 'assistant') return true;
  return false;
}
