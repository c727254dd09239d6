// Reading an element's text the way it is rendered (one line per block), and telling a description
// from a label, a file name or a page's furniture. Pure DOM reads; works without layout (happy-dom).

/** Elements whose text a reader never sees as part of a caption. */
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'BUTTON', 'SELECT', 'IFRAME', 'OBJECT', 'VIDEO', 'AUDIO']);
/** Block-level by default; used when the element is not laid out (detached, or a DOM without CSS). */
const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM',
  'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TR', 'TD', 'TH', 'UL', 'CAPTION',
]);

/**
 * Collapses whitespace runs to one space and trims, in composed form: pages saved from some systems
 * spell "ö" as "o" plus a combining mark, which name patterns (\p{L}) would not read as one letter.
 */
export function collapse(text: string | null | undefined): string {
  return (text ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

function displayOf(element: Element): string {
  if (element.isConnected && typeof getComputedStyle === 'function') {
    const display = getComputedStyle(element).display;
    if (display) return display;
  }
  return BLOCK_TAGS.has(element.tagName.toUpperCase()) ? 'block' : 'inline';
}

/** Visually hidden ("sr-only" headings such as "ChatGPT said:", screen-reader announcements): a reader of the page does not see it. */
export function visuallyHidden(element: Element): boolean {
  if (!element.isConnected || !collapse(element.textContent) || getComputedStyle(element).position !== 'absolute') return false;
  const rect = element.getBoundingClientRect();
  return rect.width <= 1 && rect.height <= 1;
}

/** Hidden by the page's own styles (display:none, hidden attribute, aria-hidden furniture). */
export function isHiddenElement(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  if (element instanceof HTMLElement && element.style.display === 'none') return true;
  return element.isConnected && typeof getComputedStyle === 'function' && getComputedStyle(element).display === 'none';
}

/**
 * The element's text as rendered blocks: one string per block (a <p>, a <div>, a <br> break), each
 * whitespace-collapsed, so "…phenomenon." and "Credit: …" in two blocks never glue together.
 * `isSeparate` marks inline elements that still stand apart (a credit <span>): they get their own line;
 * `isSkipped` marks elements left out (an answer's controls and hidden labels). With `rowsAsLines`, a table's row is one
 * line, its cells side by side ("Cats 1"), as a reader of a model's Markdown table takes it.
 */
export function renderedLines(
  root: Element,
  isSeparate: (element: Element) => boolean = () => false,
  isSkipped: (element: Element) => boolean = () => false,
  rowsAsLines = false,
): string[] {
  const lines: string[] = [];
  let current = '';
  const breakLine = () => {
    const line = collapse(current);
    if (line) lines.push(line);
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    // A control is skipped inside what is read, but a message drawn as one (a chat bubble that is a <button>) is read.
    if ((SKIP.has(element.tagName.toUpperCase()) && !(element === root && element.tagName === 'BUTTON')) || isHiddenElement(element) || (element !== root && isSkipped(element))) return;
    if (element.tagName === 'BR') return breakLine();
    if (rowsAsLines && /^T[DH]$/.test(element.tagName) && element !== root) {
      current += ' ';
      for (const child of Array.from(element.childNodes)) walk(child);
      current += ' ';
      return;
    }
    const own = element !== root && (isSeparate(element) || !displayOf(element).startsWith('inline'));
    if (own) breakLine();
    for (const child of Array.from(element.childNodes)) walk(child);
    if (own) breakLine();
    else if (element !== root && /[.!?:;)]$/.test(current) && element.nextSibling?.nodeType === Node.ELEMENT_NODE) current += ' ';
  };
  walk(root);
  breakLine();
  return lines;
}

/** Footnote markers ("[5]", "[citation needed]") and slide counters ("1/6") are not part of what a caption says. */
export function tidyCaption(text: string): string {
  return collapse(
    text
      .replace(/\[(?:\d+|[a-z]|citation needed|note \d+)\]/gi, '')
      .replace(/^\s*\d+\s*\/\s*\d+\b\s*[-–—:|]?\s*/, ''),
  );
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|svg|avif|bmp|tiff?|heic)(?:\?\S*)?$/i;

/** A file name or slug ("IMG_2041.jpg", "hero-image-final-v2", "0225-lupita-nyongo-getty-01"): never a caption. */
export function isFileName(text: string): boolean {
  const t = text.trim();
  if (IMAGE_FILE.test(t)) return true;
  // A wiki's lightbox title: "Fleur Delacour.jpg (2.86 MB)".
  if (/\.(?:jpe?g|png|gif|webp|svg)\b/i.test(t) && t.split(' ').length <= 8) return true;
  if (/\s/.test(t)) return false;
  return /[-_]/.test(t) || /\d{3,}/.test(t);
}

/** Words that label an image or a control rather than say what it shows. */
const LABEL =
  /^(?:(?:an?|the|main|featured|lead|hero|header|cover|article|post|thumbnail|profile|user|author)\s+)*(?:image|img|photo|photograph|picture|pic|foto|bild|imagen|imagem|画像|写真|icon|logo|avatar|gravatar|thumbnail|banner|placeholder|spacer|loading|loader|enlarge(?: this image)?|zoom|expand|share|tweet|pin(?: it)?|email|print|comments?|post a comment|reply|read more|more|see more|view|watch|play|video|close|open|menu|search|next|previous|prev|advertisement|ad|sponsored|untitled|unknown|null|undefined|default|mashable image|compartilhe|teilen|partager)(?:\s*\d+)?\s*[.:!]?$/i;

/** A UI label, a generic word or an "@handle": text that names a thing on the page, not a description. */
export function isLabel(text: string): boolean {
  const t = collapse(text).replace(/^\[|\]$/g, '');
  if (!t) return true;
  if (LABEL.test(t)) return true;
  if (/^@\S+$/.test(t)) return true;
  // "Statistics Globe Main Image JPG": a file's description in a CMS, not of the picture.
  if (/\b(?:jpe?g|png|gif|webp|main image)$/i.test(t) && t.split(' ').length <= 6) return true;
  if (/\b(?:avatar|gravatar|logo|logo mark|wordmark|icon|mugshot|headshot|profile (?:picture|photo))$/i.test(t)) return true;
  return false;
}

/** Bylines, datelines and "5 min read": text about the article, not about a picture. */
const ABOUT_PAGE = /^(?:by|von|par|por|door|written by|posted|published|updated|aktualisiert|veröffentlicht)\s|^\W*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\b\d+\s*(?:min(?:ute)?s?)\s+read\b/i;

/** A byline, a date or a reading time: about the article, never a caption. */
export function aboutThePage(text: string): boolean {
  return ABOUT_PAGE.test(collapse(text));
}

/** Enough words (or, in scripts without spaces, characters) to describe something. */
export function wordCount(text: string): number {
  const words = collapse(text).split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const cjk = (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []).length;
  // Thai, Lao, Khmer, Myanmar and Tibetan put spaces between phrases, not words: a word there is some six characters.
  const unspaced = (text.match(/[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/gu) ?? []).length;
  return Math.max(words, Math.ceil(cjk / 2), Math.ceil(unspaced / 6));
}

/** Alt or title text that reads as a description of the picture (not a file name, label or single word). */
export function readsAsDescription(text: string): boolean {
  const t = collapse(text).replace(/^\[|\]$/g, '');
  return !!t && !isFileName(t) && !isLabel(t) && wordCount(t) >= 3;
}

/** Share of the element's text that sits inside links: a headline card is nearly all link. */
export function linkShare(element: Element): number {
  const total = collapse(element.textContent).length;
  if (!total) return 0;
  const linked = Array.from(element.querySelectorAll('a[href]'))
    .filter((a) => !a.parentElement?.closest('a[href]'))
    .reduce((sum, a) => sum + collapse(a.textContent).length, 0);
  return Math.min(1, linked / total);
}

/** Splits a class name or id ("stChatMessageAvatarUser", "user-row", "message_bot") into lower-case words. */
export const words = (value: string) =>
  value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** Shortest distance between two rectangles (0 when they overlap). */
export function rectDistance(a: DOMRectReadOnly, b: DOMRectReadOnly): number {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  return Math.hypot(dx, dy);
}
