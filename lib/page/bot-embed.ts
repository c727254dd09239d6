// A bot's embed (a chat server's rich card): a title, a description, fields, a footer and often the picture again as
// its thumbnail. The description is what the bot said about the picture; the title, the fields and the footer name
// the bot, its model and who asked. Recognised by the slots such cards are built of, not by one product's class names.
// A bot's badge ("APP", "BOT") in a message's name line marks the whole message, not the name line. Pure DOM reads.
import { collapse } from './caption-text';

/** Class names of an embed box ("embedFull__623de"), of a card or attachment box, and of a card's description slot. */
const EMBED = /embed/i;
const CARD = /card|attachment/i;
const DESCRIPTION = '[class*="description" i]';
/** An embed has a heading or a footer beside its description; a card all three (a bare "description" box is not one). */
const HEADING = '[class*="title" i], [class*="author" i], h1, h2, h3, h4, h5, h6';
const FOOTER = '[class*="footer" i], footer';

/** How far up from a thumbnail its card may wrap it (image → wrappers → thumbnail slot → grid → card). */
const CARD_LEVELS = 7;

/** The description slot of the first embed card inside `root` (a bot's message), or null. */
export function embedDescription(root: Element): Element | null {
  for (const description of Array.from(root.querySelectorAll(DESCRIPTION))) {
    const card = cardAround(description);
    if (card && root.contains(card)) return description;
  }
  return null;
}

/** The card box around `element`: an ancestor named as an embed (a description and a title or footer) or a card (all three). */
function cardAround(element: Element): Element | null {
  for (let box = element.parentElement, level = 0; box && box !== document.body && level < CARD_LEVELS; box = box.parentElement, level++) {
    const name = box.getAttribute('class') ?? '';
    if (!box.querySelector(DESCRIPTION) || !(EMBED.test(name) || CARD.test(name))) continue;
    const heading = !!box.querySelector(HEADING);
    const footer = !!box.querySelector(FOOTER);
    if (EMBED.test(name) ? heading || footer : heading && footer) return box;
  }
  return null;
}

/** The description of the card that holds `image` as its thumbnail (the card's picture, not one in its text), or null. */
export function thumbnailDescription(image: Element): Element | null {
  const card = cardAround(image);
  if (!card) return null;
  const description = Array.from(card.querySelectorAll(DESCRIPTION)).find((d) => !d.contains(image) && cardAround(d) === card);
  return description ?? null;
}

/** A chat server's message: an ARIA article or list item around the name line, its content and its embeds. */
const MESSAGE_BOX = '[role="article"], article, [role="listitem"], li, [aria-roledescription]';
/** How far up from a badge its message box may be (badge → tag → name → heading → contents → message). */
const MESSAGE_LEVELS = 8;
/** Longest name line (a name, its badge, a time) a badge may sit in. */
const NAME_LINE_CHARS = 120;
/** Class words of a message's name line ("c-message__sender", "author-line", "username"). */
const NAME_LINE_CLASS = /(?:^|[\s_-])(?:sender|author|username|name|byline)(?:$|[\s_-])/i;
/** The line a badge sits in, two levels up at most, when its class names it a name line. */
const nameLineAround = (badge: Element) => [badge.parentElement, badge.parentElement?.parentElement].find((el) => !!el && NAME_LINE_CLASS.test(el.getAttribute('class') ?? '')) ?? null;

/** A badge's message: the message box around its name line when there is one near, else null. */
export function messageOfBadge(badge: Element): Element | null {
  // A heading, or a line whose class names it a sender's or author's line ("c-message__sender").
  const header = badge.closest('h1, h2, h3, h4, h5, h6, header') ?? nameLineAround(badge);
  // A name line (name, badge, time), not a page's header around everything.
  if (!header || collapse(header.textContent).length > NAME_LINE_CHARS) return null;
  let box = header.parentElement;
  for (let level = 0; box && box !== document.body && level < MESSAGE_LEVELS; box = box.parentElement, level++) if (box.matches(MESSAGE_BOX)) return box;
  return null;
}
