// The parts of a caption box that are not the caption: controls ("hide caption", a gallery's skip link),
// credits and licences the page marks by microdata or ARIA rather than by class, slide counters, and
// icon-sized pictures inside a caption (a wiki's "enlarge" clip). Also two alts that name no picture:
// the heading of the card the image illustrates, and the file's own initials. Pure DOM reads (happy-dom).
import { collapse } from './caption-text';

/** Words of a caption's own controls: "hide caption", "toggle caption", "Show less", "Bildunterschrift ausblenden". */
const CONTROL_TEXT =
  /^(?:(?:hide|show|toggle|close|open|expand|collapse)\s+(?:the\s+)?(?:caption|captions|description|credits?|text|more|less|details)|(?:bildunterschrift|bildtext|legende)\s+(?:ein|aus)blenden|(?:afficher|masquer)\s+la\s+l[ée]gende|(?:mostrar|ocultar)\s+(?:el\s+)?pie(?:\s+de\s+foto)?)$/i;

/** Longest label of a control ("Show the full caption"); a box holding a caption is longer. */
const CONTROL_CHARS = 40;

/** A footnote marker link ("[3]", "3", "a"): in-page, but part of the text it follows. */
const FOOTNOTE = /^\[?(?:\d+|[a-z]|note \d+)\]?$/i;

/**
 * An element a reader clicks rather than reads: a button or ARIA button or toggle, a link within the page that is
 * not a footnote marker (a gallery's "skip the gallery"), or an element whose whole text is a caption control.
 */
export function isControl(element: Element): boolean {
  const text = collapse(element.textContent);
  if (element.tagName === 'BUTTON') return true;
  // A collapsible caption box carries aria-expanded too: only a short label is the control.
  const toggle = element.getAttribute('role') === 'button' || element.hasAttribute('aria-expanded') || element.hasAttribute('aria-controls');
  if (toggle && text.length <= CONTROL_CHARS) return true;
  if (element.tagName === 'A' && (element.getAttribute('href') ?? '').startsWith('#') && !FOOTNOTE.test(text) && !element.closest('sup') && text.length <= CONTROL_CHARS) return true;
  return CONTROL_TEXT.test(text);
}

/** A line that is only a caption control's words. */
export const isControlText = (line: string) => CONTROL_TEXT.test(collapse(line));

/** schema.org ImageObject properties that hold who made the picture or under which terms it may be used. */
const CREDIT_PROPS = /^(?:copyrightHolder|copyrightNotice|creditText|creator|author|license|acquireLicensePage|copyrightYear)$/;
/** ARIA names pages give a credit or licence element ("Image credit", "Photo credit", "Licence"). */
const CREDIT_LABEL = /\b(?:credit|copyright|licen[cs]e|rights|photographer|source|fotograf|quelle|urheber)\b/i;

/** The page marks the element as a credit or licence by microdata, ARIA or a licence class, whatever its text. */
export function isMarkedCredit(element: Element): boolean {
  if ((element.getAttribute('itemprop') ?? '').split(/\s+/).some((prop) => CREDIT_PROPS.test(prop))) return true;
  if (element.getAttribute('rel') === 'license') return true;
  if (/(?:^|[\s_-])licen[cs]es?(?:$|[\s_-])/i.test(element.getAttribute('class') ?? '')) return true;
  return CREDIT_LABEL.test(element.getAttribute('aria-label') ?? '');
}

/** A slideshow's position at a line's start: "Image 1 of 4", "Bild 3 von 4", "Foto 2 de 9", "2 / 6". */
const SLIDE_COUNTER = /^(?:(?:image|photo|picture|slide|bild|foto|imagen|imagem|diapositive)\s+)?\d+\s*(?:of|von|de|sur|\/)\s*\d+\b\s*[-–—:|·•]?\s*/i;

/** The line without a slide counter at its start, or a separator left dangling at its end ("An owl. •"). */
export const withoutCounter = (line: string) => collapse(collapse(line).replace(SLIDE_COUNTER, '').replace(/\s*[•·|–—]+$/, ''));

/** Declared or drawn size at most this (CSS px) both ways: an icon, not a picture. */
const ICON_PX = 32;

/** An icon-sized image (a wiki's "enlarge" clip, a share glyph): it does not make a caption box someone else's. */
export function isIcon(image: Element): boolean {
  const drawn = image.getBoundingClientRect();
  const width = drawn.width || Number(image.getAttribute('width'));
  const height = drawn.height || Number(image.getAttribute('height'));
  return width > 0 && height > 0 && width <= ICON_PX && height <= ICON_PX;
}

/** Pictures below `element`, icons aside, unless `image` is an icon itself (a row of item icons in a wiki's table). */
export const picturesIn = (element: Element, image: Element) => Array.from(element.querySelectorAll('img')).filter((img) => !isIcon(img) || isIcon(image));

/** How far up the card that an image illustrates may hold its heading. */
const CARD_LEVELS = 3;

/**
 * The alt repeats the heading of the small box the image illustrates (a download, a product, a teaser): it names
 * that item, not what the picture shows. The box holds this picture alone; the story's own <h1> is another rule.
 */
export function namesItsCard(alt: string, image: Element, key: (text: string | null | undefined) => string): boolean {
  const wanted = key(alt);
  let box = image.parentElement;
  for (let level = 0; box && box !== document.body && level < CARD_LEVELS; level++, box = box.parentElement) {
    if (picturesIn(box, image).length > 1) return false;
    if (Array.from(box.querySelectorAll('h2, h3, h4, h5, h6')).some((h) => key(h.textContent) === wanted)) return true;
  }
  return false;
}

/** Words of a name, lower-cased: "cook_sept_2020_event-400x400.jpg" and "Cook Sept 2020 event" read alike. */
const nameWords = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ');

/**
 * The alt only repeats the picture's file name with spaces for dashes ("cook sept 2020 event"), or the
 * file name is the alt plus a size, style or id ("schweden-vanlife-tipps-169fullwidth-fbb780a3"): a
 * CMS default or an SEO keyword, not a caption.
 */
export function namesItsFile(alt: string, image: Element): boolean {
  const url = image.getAttribute('data-src') || image.getAttribute('src') || '';
  const file = decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '').replace(/\.[a-z0-9]{2,5}$/i, '').replace(/[-_]\d+x\d+$/, '');
  if (!file) return false;
  const altWords = nameWords(alt);
  if (altWords === nameWords(file) || spellsItsFile(alt, file)) return true;
  // Words holding a digit are sizes, hashes and ids; what is left past the alt may be one style name.
  const fileWords = nameWords(file).split(' ').filter((w) => !/\d/.test(w));
  const words = altWords.split(' ');
  const rest = fileWords.slice(words.length);
  return words.length >= 2 && fileWords.slice(0, words.length).join(' ') === altWords && rest.length <= 1;
}

/** The file's name is the alt's initials ("MAAM.png" for "meet an artist monday"): the alt spells out the file's name. */
function spellsItsFile(alt: string, file: string): boolean {
  const words = alt.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const initials = words.map((w) => w[0]).join('').toLowerCase();
  return words.length >= 3 && /^\p{L}+$/u.test(file) && file.toLowerCase() === initials;
}

/** An alt that says the picture only stands for the topic ("Symbolbild: …", "Stock image: …"): a label, not a description. */
export const SYMBOLIC = /^(?:symbolbild|symbolfoto|symbolic (?:image|photo)|stock (?:image|photo)|illustrative (?:image|photo)|image d'illustration|photo d'illustration|imagen ilustrativa|foto ilustrativa|imagem ilustrativa)\b/i;

/** How many pictures a row may set side by side under one caption. */
const ROW_MAX = 4;

/**
 * A row of pictures closed by one caption ("div.photo > div > img, div > img, p.caption"): the caption is each
 * picture's. Every other child holds one picture and no text; the caption comes last and `isSlot` says it is one.
 */
export function sharedCaption(box: Element, image: Element, isSlot: (element: Element) => boolean): Element | null {
  const children = Array.from(box.children);
  const holders = children.filter((child) => picturesIn(child, image).length);
  const texts = children.filter((child) => !picturesIn(child, image).length && collapse(child.textContent));
  const [slot] = texts;
  if (!slot || texts.length !== 1 || holders.length < 2 || holders.length > ROW_MAX || slot !== children.at(-1)) return null;
  return holders.every((child) => picturesIn(child, image).length === 1 && !collapse(child.textContent)) && isSlot(slot) ? slot : null;
}

/** Words a lead-in line may have: a label ("Unsere Vorlage:"), not a sentence that ends in a colon. */
const LEAD_IN_WORDS = 8;

/**
 * A short line that introduces the picture in the picture's own block and ends in a colon ("<p><strong>Our
 * template:</strong><br><img></p>"): nothing follows the picture there. A step number ("Step 2:") is no caption.
 */
export function leadIn(box: Element, image: Element): string {
  if (!/^(?:P|DIV|LI|TD|DD)$/.test(box.tagName) || picturesIn(box, image).length !== 1) return '';
  let before = '';
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (image.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) {
      if (collapse(node.textContent)) return '';
    } else before += ` ${node.textContent ?? ''}`;
  }
  const line = collapse(before);
  const words = line.split(' ').length;
  return line.endsWith(':') && words >= 2 && words <= LEAD_IN_WORDS && !/^\S+\s+\d+[a-z]?\s*:$/i.test(line) ? line : '';
}
