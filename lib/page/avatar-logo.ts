// Pictures that stand for someone or something rather than show what a page talks about: a person's or a
// model's avatar in a message header or a menu, a site's or an app's logo in its header, banner or sidebar.
// An answer, an output or a title beside them belongs to the uploaded picture, not to them: the chooser
// offers what it finds but preselects nothing (caption-candidates.ts). Pure DOM reads.
import { isNameLine } from './answer-text';
import { collapse } from './caption-text';

/** Words that name a picture as someone's avatar or profile picture, or as a logo (en, de, fr, es, it, pt, nl). */
const BADGE_WORDS = new Set([
  'avatar', 'avatars', 'pfp', 'gravatar', 'profile', 'profil', 'perfil', 'profilo', 'profielfoto', 'profilbild',
  'logo', 'logos', 'logotipo', 'logotype', 'favicon', 'emblem',
]);

/** Splits "avatar_c19a55", "logo-laboratorio.png", "stLogo", "Perfil do utilizador" into lower-case words. */
const words = (value: string) =>
  value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const named = (value: string | null | undefined) => words(value ?? '').some((w) => BADGE_WORDS.has(w));

/** The file's own name, without its folder and query ("images/avatar-maren.png?size=40" → "avatar-maren.png"). */
const fileName = (src: string) => src.split(/[?#]/)[0]?.split('/').at(-1) ?? '';

/** Longest alt that may name its picture an avatar or a logo by one word ("Foto de perfil", "Company logo"). */
const SHORT_ALT_WORDS = 4;
/** Both sides at least this (CSS px): a picture the page shows large, not an avatar or a logo. */
const LARGE_PX = 240;
const large = (image: Element) => {
  const rect = image.getBoundingClientRect();
  return rect.width >= LARGE_PX && rect.height >= LARGE_PX;
};
/** Icon-sized when laid out (a side under 48 px): a mark beside a name, not a picture the page shows. */
const iconSized = (image: Element) => ((rect) => rect.width > 0 && (rect.width < 48 || rect.height < 48))(image.getBoundingClientRect());
/** Largest side of a mark drawn at a symbol's size (a provider's or a site's mark before its name), not an upload's thumbnail. */
const MARK_PX = 24;
const markSized = (image: Element) => ((rect) => rect.width > 0 && rect.width <= MARK_PX && rect.height <= MARK_PX)(image.getBoundingClientRect());
/** A file's name ("terelj-ger.jpg"): an upload's chip names its file, a mark names who it stands for. */
const FILE_NAME = /\.[a-z\d]{2,5}(?:$|\s)/i;
/** The box around the mark holds a short name with letters, not a file's name. */
const nameBeside = (image: Element) => {
  const text = collapse(image.parentElement?.textContent);
  return /\p{L}/u.test(text) && text.length <= WRAPPER_CHARS && !FILE_NAME.test(text);
};
/** The picture (alone in its wrapper, or in a link holding only it) comes first in its box, and the block after it opens with a short line: a name heading words. */
function headsNamedBlock(image: Element): boolean {
  let own: Element = image;
  while (own.parentElement && own.parentElement.children.length === 1 && !collapse(own.parentElement.textContent)) own = own.parentElement;
  const block = own.nextElementSibling;
  if (own.previousElementSibling || !block) return false;
  const head = Array.from(block.querySelectorAll('*')).find((el) => !el.children.length && collapse(el.textContent));
  const name = collapse(head?.textContent);
  return !!name && /\p{L}/u.test(name) && name.length <= WRAPPER_CHARS && !/[.!?:]$/.test(name) && collapse(block.textContent).length > name.length * 2;
}

/** How far up a wrapper may name its picture an avatar or a logo ("div.profile > img", "a.logo > span > img"). */
const WRAPPER_LEVELS = 3;
/** A wrapper that names its picture holds little more than a name beside it, not a post or an article. */
const WRAPPER_CHARS = 60;

/** The page's header, banner, navigation or sidebar: where a site or app puts its logo and its user's menu. */
const CHROME_REGION = 'header, nav, aside, [role="banner"], [role="navigation"], [role="complementary"]';
/** Class words of a sidebar or top bar ("stSidebar", "app-sidebar", "navbar"). */
const CHROME_WORDS = new Set(['sidebar', 'topbar', 'navbar', 'appbar', 'masthead']);

/** How far up a sidebar or top bar may hold its logo or its user's menu. */
const CHROME_LEVELS = 8;

function inChromeRegion(image: Element): boolean {
  if (image.closest(CHROME_REGION)) return true;
  // Up to the page's main content: a theme names its content box "content-with-sidebar".
  for (let el = image.parentElement, level = 0; el && el !== document.body && level < CHROME_LEVELS && !el.matches('main, article, [role="main"]'); el = el.parentElement, level++)
    if (words(`${el.getAttribute('class') ?? ''} ${el.id} ${el.getAttribute('data-testid') ?? ''}`).some((w) => CHROME_WORDS.has(w))) return true;
  return false;
}

/** An account's handle as a profile shows it ("@openai", "by @maren.bsky.social"), not an e-mail address. */
const HANDLE = /(?:^|[\s(·•|])@[\p{L}\p{N}_.-]{2,}/u;
/** How far up a profile card may hold its picture, its name and its handle. */
const CARD_LEVELS = 3;
/** Longest text of a profile card: a name, a badge, a handle, a count, a line about who it is. */
const CARD_CHARS = 400;

/**
 * The picture heads a profile card (a bot's or a person's): the card prints its alt word for word as a name beside
 * it and shows an account's handle. It stands for who that is, whatever its size; the card's words are about them.
 */
function profileCard(image: Element, alt: string): boolean {
  if (!alt || words(alt).length > SHORT_ALT_WORDS) return false;
  const name = alt.toLowerCase();
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < CARD_LEVELS; box = box.parentElement, level++) {
    const text = collapse(box.textContent);
    if (text.length > CARD_CHARS) return false;
    if (HANDLE.test(text) && Array.from(box.querySelectorAll('*')).some((el) => !el.contains(image) && collapse(el.textContent).toLowerCase() === name)) return true;
  }
  return false;
}

/** The picture's file is named an avatar or a logo ("…/Qwen/avatar.png", "logo-dark.svg"), whatever its size. */
export const fileNamedBadge = (image: Element) => named(fileName(image.getAttribute('src') ?? ''));

/**
 * The picture is an avatar or a logo: its own class, id, alt, test id or file name says so ("avatar_c19a55",
 * alt "Perfil do utilizador", "arena-logo.png"), or a small wrapper around it does ("div.profile > img"); or it sits
 * in the page's header, banner, navigation or sidebar, or is drawn icon-sized, with an alt that is the name printed
 * beside it (a site's name beside its logo, a user's name beside their picture in the account menu); or it heads a
 * profile card that prints its alt as a name beside an account's handle.
 */
export function isAvatarOrLogo(image: Element): boolean {
  // A picture a publisher captions in its figure is one the story shows ("The new logo on the shop front").
  if (image.closest('figure')?.querySelector('figcaption')) return false;
  const alt = collapse(image.getAttribute('alt'));
  // A short alt only: "The company's logo on its new headquarters" describes a photograph.
  const own = [image.getAttribute('class'), image.id, image.getAttribute('data-testid'), words(alt).length <= SHORT_ALT_WORDS ? alt : ''];
  if (own.some(named)) return true;
  // A file named a logo or an avatar, shown large outside the page's header and sidebar, is a photograph of one.
  if (named(fileName(image.getAttribute('src') ?? '')) && (!large(image) || inChromeRegion(image))) return true;
  for (let el = image.parentElement, level = 0; el && el !== document.body && level < WRAPPER_LEVELS; el = el.parentElement, level++) {
    if (collapse(el.textContent).length > WRAPPER_CHARS) break;
    if ([el.getAttribute('class'), el.id, el.getAttribute('data-testid')].some(named)) return true;
    // An icon in a message's name line ("OpenAI: GPT-4.1 Mini" after the provider's mark) stands for whose the words are.
    if (isNameLine(el) && iconSized(image)) return true;
  }
  if (profileCard(image, alt)) return true;
  // A mark drawn at a symbol's size with no alt of its own, before a short name in a control (a provider's mark before
  // its name in a model picker): it stands for that name.
  if (!alt && markSized(image) && nameBeside(image)) return true;
  // Drawn icon-sized with no alt, before a short name (an assistant's or a conversation's picture in a sidebar's list,
  // a support team's picture in its chat panel's header), or before a block headed by one (a comment: its author's
  // name, then their words): it stands for that name too.
  if (!alt && iconSized(image) && (nameBeside(image) || headsNamedBlock(image))) return true;
  // In the page's chrome, or drawn icon-sized (a mark beside a name in an account menu that names itself nothing).
  return !!alt && (inChromeRegion(image) || iconSized(image)) && printedBeside(image, alt);
}

/** The picture's alt is the name printed beside it, word for word: in its own box, or the box around a wrapper that holds only it. */
function printedBeside(image: Element, alt: string): boolean {
  let box = image.parentElement;
  if (box && !collapse(box.textContent) && box.parentElement) box = box.parentElement;
  const same = (el: Element) => !el.contains(image) && collapse(el.textContent).toLowerCase() === alt.toLowerCase();
  return !!box && Array.from(box.querySelectorAll('*')).some(same);
}

/** How far up from a profile picture's link the name's link may be (a comment's or a post's header). */
const PROFILE_LEVELS = 3;
/** Longest name a profile's link shows beside its picture. */
const PROFILE_NAME_CHARS = 40;

/**
 * A profile picture: drawn icon-sized in a link to the same address as a link beside it that shows a short name (a
 * commenter's or an author's picture and name, both linking to their profile). The words beside it are that person's,
 * not about the picture: none is offered as nearby text.
 */
export function linksToItsName(image: Element): boolean {
  const link = image.closest('a[href]');
  const href = link?.getAttribute('href');
  if (!link || !href || !iconSized(image)) return false;
  for (let box = link.parentElement, level = 0; box && box !== document.body && level < PROFILE_LEVELS; box = box.parentElement, level++) {
    const names = Array.from(box.querySelectorAll('a[href]')).filter((a) => a !== link && a.getAttribute('href') === href && !a.querySelector('img'));
    if (names.some((a) => ((name) => !!name && name.length <= PROFILE_NAME_CHARS)(collapse(a.textContent)))) return true;
  }
  return false;
}
