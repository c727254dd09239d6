// Ranks what a page says about one image by evidence: the markup that ties a caption to the image
// first (figure, ARIA, caption-classed slots, gallery items, data-caption), then a descriptive alt,
// and page furniture (cards, avatars, logos, related stories) scored down. Pure DOM reads, no layout
// needed, so the ranking is unit-tested in happy-dom; nearby text by layout lives in caption-candidates.
import { inFurniture, isVideoPoster } from './furniture';
import { aboutThePage, collapse, isFileName, isLabel, linkShare, readsAsDescription, renderedLines, tidyCaption, wordCount } from './caption-text';
import { isControl, isControlText, isMarkedCredit, leadIn, namesItsCard, namesItsFile, picturesIn, sharedCaption, SYMBOLIC, withoutCounter } from './caption-parts';
import { CREDIT_CLASS, isCredit, splitCredit } from './credit';
import { namesTheUpload } from './ui-labels';
import { placeholderReason } from './alt-placeholder';

/** Where a ranked caption comes from. */
export type FoundSource = 'figcaption' | 'caption' | 'aria-describedby' | 'aria-labelledby' | 'data-caption' | 'gallery' | 'alt' | 'title';

/** One caption the markup offers for the image, credit set apart, with how sure we are it belongs to it. */
export interface FoundCaption {
  source: FoundSource;
  text: string;
  credit: string;
  /** 0–1: at or above PRESELECT_SCORE the chooser preselects it. */
  score: number;
}

/** Below this, a candidate is offered but not preselected: the user picks or types the caption. */
export const PRESELECT_SCORE = 0.5;

/** Class and attribute names sites give the element holding an image's caption. */
const CAPTION_SLOT = /caption|cutline|legend|gallerytext|bildunterschrift|subtitle|image__text|picbox-text|figure-content|media-info/i;
/** Text in a card that marks it as a link to another story. */
const CARD_TEXT = /\b(?:leer más|ver video|read more|weiterlesen|lire la suite|continue reading|mehr lesen|ver más)\b/i;
/** How far up a caption slot may sit from the image (image → link → wrapper → figure-like box → row). */
const MAX_LEVELS = 5;

const className = (element: Element) => `${element.getAttribute('class') ?? ''} ${element.id}`;
/** A link inside a caption that is a control ("View in editor", "Enlarge"), not words about the picture. */
const UI_LINK = /^(?:view|see|open|read|watch|download|enlarge|zoom|expand|full ?screen|more|show|buy|shop)\b.{0,30}$/i;
const isUiLink = (element: Element) => element.tagName === 'A' && UI_LINK.test(collapse(element.textContent));
/** A box named for both ("credit-caption") that holds a caption slot of its own is a caption box with a credit in it. */
const holdsCaption = (element: Element) => Array.from(element.querySelectorAll('[class]')).some((el) => CAPTION_SLOT.test(className(el)) && !CREDIT_CLASS.test(className(el)));
const isCreditElement = (element: Element) =>
  ((CREDIT_CLASS.test(className(element)) && !CAPTION_SLOT.test(className(element).replace(/caption-?credit|credit-?caption/gi, ''))) || isMarkedCredit(element)) && !holdsCaption(element);

/** The other pictures inside `box`: a lightbox or <picture> copy of the same file does not count. */
function otherImages(box: Element, image: Element): number {
  // Lazy images share one placeholder src: the file they stand for is in data-src.
  const key = (img: Element) => img.getAttribute('data-src') ?? img.getAttribute('src') ?? '';
  const own = key(image);
  return picturesIn(box, image).filter((other) => other !== image && (!own || key(other) !== own)).length;
}

/** Reads a caption element: blocks as lines, credit elements apart, controls, footnote markers and counters dropped. */
function readCaption(element: Element): { text: string; credit: string } {
  const inside = Array.from(element.querySelectorAll('*'));
  const controls = new Set(inside.filter(isControl).map((el) => collapse(el.textContent)));
  // The outermost credit only: "Crédits : <em itemprop=copyrightHolder>X</em>" is one credit line, not two.
  const credit = (el: Element) => isCreditElement(el) && !inside.some((outer) => outer !== el && outer.contains(el) && isCreditElement(outer));
  const lines = renderedLines(element, (el) => credit(el) || isUiLink(el) || isControl(el))
    .filter((line) => !UI_LINK.test(line) && !controls.has(line) && !isControlText(line))
    .map(withoutCounter);
  const marked = new Set(inside.filter(credit).map((el) => withoutCounter(el.textContent ?? '')));
  const split = splitCredit(lines, marked);
  return { text: tidyCaption(split.text), credit: split.credit };
}

/** A headline card (the caption is a link to another story, like the picture) rather than a caption. */
function isCard(element: Element, image: Element): boolean {
  // A wiki gallery links its caption to the subject's article while the picture opens its file: not a card.
  return (linkShare(element) >= 0.6 && linksElsewhere(image)) || !!element.querySelector('h1, h2, h3, h4, h5, h6') || CARD_TEXT.test(element.textContent ?? '');
}

/** Class tokens of a story's standfirst (the summary under its headline), which sites also set beside a hero picture. */
const STANDFIRST = /(?:^|[\s_-])(?:lead|standfirst|dek|deck|summary|excerpt|intro|subhead(?:line)?|description)(?:$|[\s_-])/i;
/** Class tokens that say an element belongs to a picture after all ("lead-image__caption"). */
const PICTURE_WORD = /caption|image|img|photo|picture|media|figure|bild|foto/i;

/** The slot's text is the story's standfirst (a "p.lead" in a caption box, or the page's own description), not a caption. */
function isStandfirst(element: Element, text: string): boolean {
  const marked = [element, ...Array.from(element.querySelectorAll('[class]'))].some((el) => {
    const name = el.getAttribute('class') ?? '';
    return STANDFIRST.test(name) && !PICTURE_WORD.test(name) && collapse(el.textContent).length >= collapse(element.textContent).length * 0.8;
  });
  if (marked) return true;
  const description = document.querySelector('meta[name="description"], meta[property="og:description"]')?.getAttribute('content');
  return !!description && collapse(description).toLowerCase() === text.toLowerCase();
}

/** Headline text compared loosely: case, spacing, dashes and quotes differ between a title and an alt. */
const headlineKey = (text: string | null | undefined) =>
  collapse(text).toLowerCase().replace(/[\u2010-\u2015]/g, '-').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');

/** Separators sites put between a story's title and the site's name in <title> ("Story | Site", "Site - Story"). */
const SEPARATOR_AFTER = /^\s*[|·•:-]\s/;
const SEPARATOR_BEFORE = /\s[|·•:-]\s*$/;

/**
 * The story's own headline (an <h1>, the element marked as the headline, the og/twitter title, or <title>
 * up to the site's name): on a hero image's alt it names the story, not the picture. An alt that only
 * begins the title ("X's home" in "X's home is for sale") still describes the picture.
 */
function isPageTitle(text: string): boolean {
  const t = headlineKey(text);
  if (!t) return false;
  const headlines = [
    ...Array.from(document.querySelectorAll('h1, [itemprop="headline"]'), (el) => el.textContent),
    ...Array.from(document.querySelectorAll('meta[property="og:title"], meta[name="twitter:title"]'), (el) => el.getAttribute('content')),
  ];
  if (headlines.some((h) => headlineKey(h) === t)) return true;
  const title = headlineKey(document.title);
  const at = title.indexOf(t);
  if (at < 0) return false;
  const before = title.slice(0, at);
  const after = title.slice(at + t.length);
  return (!before || SEPARATOR_BEFORE.test(before)) && (!after || SEPARATOR_AFTER.test(after));
}

/** The image is a link to another page (a story card), not to its own larger file (a lightbox). */
function linksElsewhere(image: Element): boolean {
  const link = image.closest('a[href]');
  if (!link) return false;
  const href = link.getAttribute('href') ?? '';
  if (/\.(?:jpe?g|png|gif|webp|avif)(?:[?#].*)?$/i.test(href) || href.startsWith('#') || /\/(?:File|Datei|Fichier|Archivo):/i.test(href)) return false;
  return !isInlineFigure(image, link);
}

/**
 * A picture set in running prose whose link holds nothing but the picture and is not repeated by a
 * headline or text link nearby: the link opens a larger view (a photo page), not another story.
 * A story card links its picture and its headline to the same place.
 */
function isInlineFigure(image: Element, link: Element): boolean {
  if (collapse(link.textContent) || link.querySelectorAll('img').length > 1) return false;
  const href = link.getAttribute('href');
  const holder = link.parentElement;
  if (!holder) return false;
  // The prose around it is the holder's own text, not a list of links.
  const prose = collapse(holder.textContent).length >= 200 && linkShare(holder) < 0.3;
  const twin = Array.from(holder.querySelectorAll('a[href]')).some((a) => a !== link && a.getAttribute('href') === href);
  return prose && !twin && image.tagName === 'IMG';
}

function idrefElements(image: Element, attribute: string): Element[] {
  return (image.getAttribute(attribute) ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => !!el);
}

/** Caption slots below `box` that are not the image's own wrapper and hold no other picture. */
function slotsIn(box: Element, image: Element): Element[] {
  return Array.from(box.querySelectorAll('figcaption, [class], [itemprop="caption"], dd')).filter((el) => {
    if (el.contains(image) || picturesIn(el, image).length) return false;
    // A picture that is itself a term's description (a record's "image" field) has fields beside it, not a caption.
    if (el.tagName === 'DD') return !image.closest('dd');
    if (el.tagName === 'FIGCAPTION' || el.getAttribute('itemprop') === 'caption') return true;
    // The outermost slot only: "div.caption > p.caption-text" is one caption.
    return CAPTION_SLOT.test(className(el)) && !isCreditElement(el) && !el.parentElement?.closest('[class]')?.matches?.('figcaption');
  });
}

/** A list item in a list of pictures (a gallery), not a list of links or people. */
function isGalleryItem(item: Element): boolean {
  const siblings = Array.from(item.parentElement?.children ?? []);
  return siblings.filter((li) => li.querySelector('img')).length >= 2 && linkShare(item) < 0.6;
}

/**
 * Text that follows the image inside its own small wrapper ("div > img + br + i"): a caption without a class. A form
 * beside the picture (a label, its help line and a text box: an edit dialog) is no caption; its box is read as a box.
 */
function wrapperText(box: Element, image: Element): Element[] {
  if (box.querySelector('textarea, input:not([type="hidden"]), select, [contenteditable="true"]')) return [];
  const after = Array.from(box.children).filter(
    (el) => el !== image && !el.contains(image) && !!(image.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) && !picturesIn(el, image).length,
  );
  const text = collapse(after.map((el) => el.textContent).join(' '));
  // A bracketed structure ("{'bleu': 0.31}", "[0.2, 0.8]") is a printed value, not words about the picture.
  if (!text || text.length > 400 || collapse(box.textContent).length > text.length + 40 || /^[[{].*[\]}]$/s.test(text)) return [];
  return after.filter((el) => /^(?:I|EM|SMALL|SPAN|P|DIV|B|STRONG)$/.test(el.tagName) && collapse(el.textContent));
}

/** A following paragraph numbered as a figure ("Figure 2: …", "Abbildung 1:", "図1"): a caption without markup. */
const NUMBERED = /^(?:fig(?:ure|\.)?|abbildung|abb\.|bild|image|grafik|chart|table|tabelle|図|写真)\s*\d+[a-z]?\s*[:.)\-–—]?\s*\S/i;

/**
 * The captions the markup ties to `image`, best first and deduplicated. Credits are set apart; a
 * caption that is only a credit lends its credit to the alt text instead of being offered as text.
 */
export function rankCaptions(image: Element): FoundCaption[] {
  const found: FoundCaption[] = [];
  const credits: string[] = [];
  // A figcaption that is only a credit ("Getty Images") leaves the figure's caption to its alt, short as it may be.
  let creditOnlyFigcaption = false;
  const add = (source: FoundSource, element: Element | null, score: number, raw?: string) => {
    const read = element ? readCaption(element) : (() => { const s = splitCredit([raw ?? '']); return { text: tidyCaption(s.text), credit: s.credit }; })();
    if (read.credit) credits.push(read.credit);
    if (element?.tagName === 'FIGCAPTION' && !read.text && read.credit) creditOnlyFigcaption = true;
    if (!read.text || isFileName(read.text) || isLabel(read.text) || isCredit(read.text) || aboutThePage(read.text)) return;
    // A word that stands in for a description ("ALT", a post's alt badge; "Image") or a tool's "No description has been provided …".
    if (placeholderReason(read.text) === 'generic') return;
    const card = element ? isCard(element, image) : CARD_TEXT.test(read.text);
    // A lone lower-case word ("herzblut") is a handle or a tag, not what the picture shows.
    const handle = wordCount(read.text) < 2 && read.text === read.text.toLowerCase();
    // The article's own title used as the alt of its hero image describes the story, not the picture; so does the heading
    // of the card the image illustrates, a "Symbolbild:" label, or the title plus a counter ("Story title 45", a theme's image title).
    const pageTitle = (source === 'alt' || source === 'title') && (isPageTitle(read.text) || isPageTitle(read.text.replace(/\s+\d{1,3}$/, '')) || SYMBOLIC.test(read.text) || namesItsCard(read.text, image, headlineKey));
    const standfirst = !!element && isStandfirst(element, read.text);
    found.push({ source, text: read.text, credit: read.credit, score: card ? Math.min(score, 0.25) : handle || pageTitle || standfirst ? Math.min(score, 0.4) : score });
  };

  for (const el of idrefElements(image, 'aria-describedby')) add('aria-describedby', el, 0.95);
  for (const el of idrefElements(image, 'aria-labelledby')) add('aria-labelledby', el, 0.9);

  const figure = image.closest('figure');
  if (figure) {
    for (const caption of Array.from(figure.querySelectorAll('figcaption')).filter((c) => c.closest('figure') === figure)) add('figcaption', caption, 0.95);
    // A credit beside the caption, not inside it (<img> <div class="credit"> <figcaption>).
    for (const el of Array.from(figure.querySelectorAll('[class]')).filter((e) => isCreditElement(e) && !e.closest('figcaption') && !e.querySelector('img')))
      if (collapse(el.textContent)) credits.push(collapse(el.textContent));
  }

  // Walk up while the box holds this picture alone: its caption slots, the slot right after it, a gallery item's text.
  let box: Element | null = image.parentElement;
  for (let level = 0; box && box !== document.body && level < MAX_LEVELS; level++, box = box.parentElement) {
    if (otherImages(box, image) > 0) {
      // Pictures set side by side under one caption share it.
      const shared = sharedCaption(box, image, (el) => el.tagName === 'FIGCAPTION' || (CAPTION_SLOT.test(className(el)) && !isCreditElement(el)));
      if (shared) add('caption', shared, 0.8);
      break;
    }
    if (level <= 1 && box.tagName !== 'A' && leadIn(box, image)) add('caption', null, 0.6, leadIn(box, image));
    for (const slot of slotsIn(box, image)) if (slot.tagName !== 'FIGCAPTION' || !figure) add('caption', slot, 0.9);
    if (level <= 1 && !linksElsewhere(image) && !box.querySelector('h1, h2, h3, h4, h5, h6') && !found.length)
      for (const el of wrapperText(box, image).slice(0, 1)) add('caption', el, 0.65);
    const data = box.getAttribute('data-caption') ?? box.getAttribute('data-title') ?? box.getAttribute('data-sub-html');
    if (data) add('data-caption', null, 0.85, data.replace(/<[^>]*>/g, ' '));
    if (box.tagName === 'A' && box.getAttribute('title')) add('title', null, readsAsDescription(box.getAttribute('title') ?? '') ? 0.6 : 0, box.getAttribute('title') ?? '');
    if (box.tagName === 'DT') {
      const dd = box.nextElementSibling;
      if (dd?.tagName === 'DD') add('caption', dd, 0.9);
    }
    if (box.tagName === 'LI' && !found.length && isGalleryItem(box)) {
      // A control's label inside the item ("Deselect" on its check button) is no caption.
      const rest = Array.from(box.querySelectorAll('p, span, div')).filter((el) => !el.contains(image) && !el.querySelector('img') && !el.closest('button, [role="button"]'));
      for (const el of rest.slice(0, 1)) add('gallery', el, 0.8);
    }
    for (let next = box.nextElementSibling, step = 0; next && step < 2; next = next.nextElementSibling, step++) {
      if (picturesIn(next, image).length || /^(?:IMG|PICTURE|FIGURE|H[1-6])$/.test(next.tagName)) break;
      if (CAPTION_SLOT.test(className(next)) && !isCreditElement(next)) add('caption', next, 0.85);
      else if (NUMBERED.test(collapse(next.textContent))) add('caption', next, 0.85);
      else if (isCreditElement(next)) credits.push(collapse(next.textContent));
      else break;
    }
  }
  const data = image.getAttribute('data-caption');
  if (data) add('data-caption', null, 0.85, data);

  const alt = collapse((image.getAttribute('alt') ?? '').replace(/<[^>]*>.*$/s, '')).replace(/^\[(.*)\]$/, '$1');
  const shortCaption = creditOnlyFigcaption && wordCount(alt) >= 2 && !isFileName(alt) && !isLabel(alt);
  // An app's name for an upload's preview ("Aperçu de l'image téléversée") says nothing of what it shows.
  if ((readsAsDescription(alt) || shortCaption) && !namesItsFile(alt, image) && !namesTheUpload(alt)) add('alt', null, linksElsewhere(image) ? 0.3 : 0.7, alt);
  const title = collapse(image.getAttribute('title'));
  if (readsAsDescription(title)) add('title', null, linksElsewhere(image) ? 0.25 : 0.55, title);

  // A video's poster is demoted like furniture: its caption is offered, never preselected.
  const furniture = inFurniture(image) || isVideoPoster(image);
  const seen = new Map<string, FoundCaption>();
  for (const candidate of found) {
    if (furniture) candidate.score *= 0.5;
    if (!candidate.credit && credits.length) candidate.credit = [...new Set(credits.map((c) => c.replace(/^\((.*)\)$/, '$1')))].join(' · ');
    const key = candidate.text.toLowerCase();
    const before = seen.get(key);
    if (!before || before.score < candidate.score) seen.set(key, { ...candidate, credit: candidate.credit || before?.credit || '' });
  }
  return [...seen.values()].sort((a, b) => b.score - a.score);
}
