// Which side of a conversation an element is: the roles a page declares for its turns — role attributes
// (`data-message-author-role`, `data-role`), test ids and ARIA names ("Chat message from assistant", "bot's
// message"), custom element names (`<user-query>`, `<model-response>`), class words beside a word of messaging, a
// bot's badge — and the page's turns found by them, scanned once per listing of many pictures. Pure DOM reads.
import { messageOfBadge } from './bot-embed';
import { isNameLine } from './answer-text';
import { collapse, words } from './caption-text';
import { labelledSide } from './turn-sides';

export type Role = 'user' | 'assistant';

/** Words that name the person's side of a conversation. */
const USER_WORDS = new Set(['user', 'human', 'query', 'question', 'sender', 'outgoing', 'self', 'prompt']);
/** Words that name the model's side. */
const ASSISTANT_WORDS = new Set([
  'assistant', 'bot', 'model', 'response', 'answer', 'incoming', 'chatbot', 'llm', 'agent', 'ai',
  // Products name their side after the model: "font-claude-message", "gemini-response", "copilot-message".
  'claude', 'gemini', 'gpt', 'chatgpt', 'copilot', 'grok', 'mistral', 'llama', 'deepseek', 'qwen',
]);
/** Words that make a class name about a conversation. */
const MESSAGING_WORDS = new Set(['message', 'messages', 'msg', 'chat', 'turn', 'row', 'bubble', 'conversation', 'response', 'query', 'reply', 'dialog', 'dialogue']);
/** The text of a badge that marks a message as a bot's. */
const BADGE = /^(?:BOT|APP)$/;
/** Class or test-id words of a small label beside content (a badge, a pill, a chip). */
const PILL_WORDS = new Set(['badge', 'pill', 'chip', 'tag', 'label']);
/** Attributes whose value is a role by name. */
export const ROLE_ATTRIBUTES = [
  'data-message-author-role', 'data-role', 'data-author-role', 'data-author', 'data-sender', 'data-from', 'data-turn',
  'data-message-role', 'data-sender-type', 'data-speaker', 'data-participant', 'data-type', 'source', 'author',
];

function roleFromWords(list: string[]): Role | null {
  const user = list.some((w) => USER_WORDS.has(w));
  const assistant = list.some((w) => ASSISTANT_WORDS.has(w));
  return user === assistant ? null : user ? 'user' : 'assistant';
}

/** The role the element itself declares (its own attributes and tag name), or null. */
export function ownRole(element: Element): Role | null {
  // A control that opens a menu (a model picker "ChatGPT 4o") names a model, not a turn.
  if (element.hasAttribute('aria-haspopup') || /^(?:SELECT|OPTION)$/.test(element.tagName) || element.getAttribute('role') === 'combobox') return null;
  for (const name of ROLE_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value) {
      const role = roleFromWords(words(value));
      if (role) return role;
    }
  }
  // "Chat message from assistant", "bot's message: …", "user's message: …"
  // Only a model's message is marked as being written or done being written.
  if (element.hasAttribute('data-is-streaming')) return 'assistant';
  const label = (element.getAttribute('aria-label') ?? '').slice(0, 60);
  const labelled = /^(?:chat )?message from (\w+)|^(\w+)['’]s message\b/i.exec(label);
  if (labelled) return roleFromWords(words(labelled[1] ?? labelled[2] ?? ''));
  const tag = element.tagName.toLowerCase();
  if (tag.includes('-')) {
    const role = roleFromWords(words(tag));
    if (role) return role;
  }
  // A chat server's "BOT" / "APP" badge beside a name marks the message as an app's.
  if (!element.children.length && words(element.getAttribute('class') ?? '').some((w) => /^(?:bot|tag|badge)$/.test(w)) && BADGE.test(collapse(element.textContent))) return 'assistant';
  // A pill or chip that labels the content ("AI generated" in an "ai-badge") says who wrote it, it is no message.
  if (!element.children.length && [element.getAttribute('data-testid'), element.getAttribute('class')].some((v) => words(v ?? '').some((w) => PILL_WORDS.has(w)))) return null;
  const byTestId = roleFromWords(words(element.getAttribute('data-testid') ?? ''));
  if (byTestId) return byTestId;
  // Class words count beside a word of messaging ("message bot", "chat-user", "bot-row"), not alone ("m-bot-s2", "icon-user").
  const classWords = words(element.getAttribute('class') ?? '');
  return classWords.some((w) => MESSAGING_WORDS.has(w)) ? roleFromWords(classWords) : labelledSide(element);
}

/** Longest text of a badge ("BOT") or an avatar's initials: their role belongs to the message around them. */
const BADGE_CHARS = 6;
/** How far up a badge or avatar passes its role to the message around it. */
const BADGE_LEVELS = 4;

/** The scan of the page's roles kept for one listing of many pictures (see withOneRoleScan); null: scan afresh. */
let heldScan: { found: { element: Element; role: Role }[] } | { found: null } | null = null;

/**
 * Runs `list` (which asks about many pictures of a page that does not change meanwhile) with the page's roles
 * scanned once, not once per picture; the chooser, which waits on a page still changing, scans each time.
 */
export function withOneRoleScan<T>(list: () => T): T {
  heldScan = { found: null };
  try {
    return list();
  } finally {
    heldScan = null;
  }
}

/** Elements that declare a role, innermost first in document order; a badge or avatar lends its role to its message. */
export function roleElements(root: ParentNode): { element: Element; role: Role }[] {
  if (heldScan && root === document.body) return (heldScan.found ??= scanRoles(root));
  return scanRoles(root);
}

function scanRoles(root: ParentNode): { element: Element; role: Role }[] {
  const found: { element: Element; role: Role }[] = [];
  for (const element of Array.from(root.querySelectorAll('*')).slice(0, 20_000)) {
    const role = ownRole(element);
    if (!role) continue;
    // A badge in a name line ("CaptionBot APP") marks the whole message it heads, embeds and all, not the name line.
    let holder: Element = (role === 'assistant' && BADGE.test(collapse(element.textContent)) && messageOfBadge(element)) || element;
    // A badge or an avatar: its message is the nearest box around it with text of its own, not the name line.
    const short = (el: Element) => collapse(el.textContent).length < BADGE_CHARS || /^(?:H[1-6]|HEADER)$/.test(el.tagName) || isNameLine(el) || !!labelledSide(el);
    for (let level = 0; short(holder) && holder.parentElement && level < BADGE_LEVELS; level++) holder = holder.parentElement;
    if (short(holder)) continue;
    // The innermost one holds the message itself, not its row, avatar or action bar.
    const outer = found.findIndex((f) => f.element.contains(holder) && f.element !== holder && f.role === role);
    if (outer >= 0) found.splice(outer, 1);
    if (found.some((f) => holder.contains(f.element) && f.role === role)) continue;
    found.push({ element: holder, role });
  }
  // A part inside a turn of the other side is that turn's ("ms-prompt-chunk", a chunk of the prompt, holding the model's words).
  return found.filter((f) => !found.some((g) => g.role !== f.role && g.element !== f.element && g.element.contains(f.element)));
}
