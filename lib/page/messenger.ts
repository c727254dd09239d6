// Messenger layouts (a chat app's bot, a messaging web client): the person's own messages are marked outgoing —
// class words (own, out, outgoing, sent, mine), a read tick (✓✓) after the time that only a sent message shows, or
// its content laid out at the far side —
// and the reply is the next message that is not theirs. Unlike a chat assistant's turns, nothing names a role.
// A picture sent with the request as its caption is answered by that next incoming message. Pure DOM reads.
import { collapse, words } from './caption-text';
import { isPicture } from './picture-size';

/** Class words that mark a message as the person's own. */
const OUTGOING_WORDS = new Set(['own', 'out', 'outgoing', 'sent', 'mine', 'outbound']);
/** Class words that mark a message as someone else's. */
const INCOMING_WORDS = new Set(['incoming', 'received', 'inbound', 'peer']);
/** Class words of a message box. */
const MESSAGE_WORDS = new Set(['message', 'msg', 'bubble']);
/** A sent message's time with its delivery ticks ("03:07✓✓", "10:41 ✔"): only the sender's own messages show ticks. */
const TIME_TICKS = /\d{1,2}:\d{2}(?:\s?[AP]M)?\s*[✓✔√]{1,2}$/i;
/** How far up from the picture its message box may sit. */
const MESSAGE_LEVELS = 10;
/** Messages read after the picture's before giving up on a reply. */
const MOST_MESSAGES = 2_000;

const classWords = (el: Element) => words(el.getAttribute('class') ?? '');
const isMessageBox = (el: Element) => classWords(el).some((w) => MESSAGE_WORDS.has(w)) || el.hasAttribute('data-message-id') || el.hasAttribute('data-mid');
const markedOutgoing = (el: Element) => classWords(el).some((w) => OUTGOING_WORDS.has(w));
const markedIncoming = (el: Element) => classWords(el).some((w) => INCOMING_WORDS.has(w));
/** Laid out against the far side (a flex box that puts its content at the end, left to right): where a chat puts the person's own bubbles. */
const atEnd = (el: Element) => ((style) => style.direction !== 'rtl' && [style.justifyContent, style.alignItems].some((v) => /^(?:flex-end|end|right)$/.test(v)))(getComputedStyle(el));
/** The person's own message: marked outgoing, showing delivery ticks after its time, or laid out at the far side. */
const isOwn = (el: Element) => !markedIncoming(el) && (markedOutgoing(el) || TIME_TICKS.test(collapse(el.textContent)) || atEnd(el));

/** Words that only say which way a message went ("message-out", "message-in"): not what kind of box it is. */
const DIRECTION_WORDS = new Set([...OUTGOING_WORDS, ...INCOMING_WORDS, 'in']);
/** The same kind of box: same tag and first class name (but for its direction), or both carrying a message id. */
const key = (el: Element) => `${el.tagName} ${el.hasAttribute('data-message-id') ? 'id' : kindOf((el.getAttribute('class') ?? '').trim().split(/\s+/)[0] ?? '')}`;
const kindOf = (name: string) => words(name).filter((w) => !DIRECTION_WORDS.has(w)).join('-') || name;

/** Boxes of the same kind as `box` elsewhere on the page (neither around it nor in it): the other messages of its list. */
const alike = (box: Element) => Array.from(document.querySelectorAll(box.tagName)).filter((el) => key(el) === key(box) && !el.contains(box) && !box.contains(el));

/** The outermost message box around `image` that has others of its kind (not the list that holds them all), or null. */
function messageOf(image: Element): Element | null {
  let message: Element | null = null;
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < MESSAGE_LEVELS; box = box.parentElement, level++)
    if (isMessageBox(box) && alike(box).length) message = box;
  return message;
}

/**
 * A picture in the person's own message (its caption the request) and the next message not theirs, which answers
 * it; with the texts of the person's own messages, which are never captions. Null outside a messenger layout.
 */
export function messengerReply(image: Element): { reply: Element; ownTexts: string[] } | null {
  if (!isPicture(image)) return null;
  const message = messageOf(image);
  if (!message || !isOwn(message)) return null;
  const messages = [message, ...alike(message)].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)).slice(0, MOST_MESSAGES);
  const reply = messages.slice(messages.indexOf(message) + 1).find((el) => !isOwn(el));
  // The reply is words: another picture sent back is not a description of this one.
  if (!reply || Array.from(reply.querySelectorAll('img')).some((img) => isPicture(img) && !img.closest('[class*="avatar" i]'))) return null;
  const ownTexts = messages.filter(isOwn).map((el) => collapse(el.textContent)).filter(Boolean);
  return { reply, ownTexts };
}
