// Where a caption for an image may be on a page, best first. Pure DOM reads: nothing here changes the page.

/** Where a candidate caption was found; the chooser names it so the user knows what they pick. */
export type CandidateSource =
  | 'selection'
  | 'figcaption'
  | 'aria-describedby'
  | 'aria-labelledby'
  | 'alt'
  | 'title'
  | 'nearby-text'
  | 'demo-output';

/** One caption the page offers for an image. */
export interface CaptionCandidate {
  source: CandidateSource;
  /** Whitespace-collapsed and capped at the caller's limit. */
  text: string;
  /** The text was longer than the limit and was cut. */
  truncated: boolean;
}

/** How the chooser names each source. */
export const SOURCE_LABELS: Record<CandidateSource, string> = {
  selection: 'Selected text',
  figcaption: 'Figure caption',
  'aria-describedby': 'Description (aria-describedby)',
  'aria-labelledby': 'Label (aria-labelledby)',
  alt: 'Alt text',
  title: 'Title',
  'nearby-text': 'Nearby text',
  'demo-output': 'Output box',
};

/** Text blocks farther than this (CSS px) from the image are not "near" it. */
const NEAR_PX = 400;
/** Enough to find the neighbourhood of an image on any real page without walking a huge DOM. */
const MAX_TEXT_NODES = 4000;
/** Shorter text (a button, "Share") is not a caption. */
const MIN_BLOCK_CHARS = 12;

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Shortest distance between two rectangles (0 when they overlap). */
export function rectDistance(a: DOMRectReadOnly, b: DOMRectReadOnly): number {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  return Math.hypot(dx, dy);
}

function isShown(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/** The element's block container: text in inline elements belongs to the paragraph around them. */
function blockOf(element: Element): Element {
  let current: Element = element;
  while (current.parentElement && current !== document.body && getComputedStyle(current).display.startsWith('inline'))
    current = current.parentElement;
  return current;
}

function idrefText(image: Element, attribute: string): string {
  const ids = (image.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean);
  return collapse(ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
}

/** Text blocks near the image, nearest first, skipping those inside `exclude` (the image's own figure). */
function nearbyBlocks(image: Element, exclude: Element | null): string[] {
  const anchor = image.getBoundingClientRect();
  const blocks = new Map<Element, number>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(), seen = 0; node && seen < MAX_TEXT_NODES; node = walker.nextNode(), seen++) {
    if (!node.textContent?.trim() || !node.parentElement) continue;
    const parent = node.parentElement;
    if (parent.closest('script, style, noscript, template, textarea, output, pre, button, nav, select, option')) continue;
    const block = blockOf(parent);
    if (blocks.has(block) || block.contains(image) || (exclude && exclude.contains(block))) continue;
    if (!isShown(block)) continue;
    blocks.set(block, rectDistance(anchor, block.getBoundingClientRect()));
  }
  return [...blocks]
    .filter(([, distance]) => distance <= NEAR_PX)
    .sort((a, b) => a[1] - b[1])
    .map(([block]) => collapse(block.textContent))
    .filter((text) => text.length >= MIN_BLOCK_CHARS);
}

/** Output boxes of a model demo (a Space, a playground): what the model wrote is their value. */
function demoOutputs(image: Element): string[] {
  const anchor = image.getBoundingClientRect();
  return Array.from(document.querySelectorAll<HTMLElement>('textarea, output, pre'))
    .filter(isShown)
    .map((box) => ({
      text: collapse(box instanceof HTMLTextAreaElement ? box.value : box.textContent),
      distance: rectDistance(anchor, box.getBoundingClientRect()),
    }))
    .filter((box) => box.text.length > 0 && box.distance <= NEAR_PX * 2)
    .sort((a, b) => a.distance - b.distance)
    .map((box) => box.text);
}

/**
 * The captions a page offers for an image, best first and without duplicates: its figure's
 * <figcaption>, aria-describedby / aria-labelledby targets, alt and title, the nearest text
 * blocks by layout distance, and nearby demo output boxes (<textarea>, <output>, <pre>).
 */
export function findCaptionCandidates(image: Element, maxChars: number): CaptionCandidate[] {
  const figure = image.closest('figure');
  const found: [CandidateSource, string][] = [
    ['figcaption', collapse(figure?.querySelector('figcaption')?.textContent)],
    ['aria-describedby', idrefText(image, 'aria-describedby')],
    ['aria-labelledby', idrefText(image, 'aria-labelledby')],
    ['alt', collapse(image.getAttribute('alt'))],
    ['title', collapse(image.getAttribute('title'))],
    ...nearbyBlocks(image, figure).slice(0, 2).map((text): [CandidateSource, string] => ['nearby-text', text]),
    ...demoOutputs(image).slice(0, 2).map((text): [CandidateSource, string] => ['demo-output', text]),
  ];
  const seen = new Set<string>();
  const candidates: CaptionCandidate[] = [];
  for (const [source, text] of found) {
    if (!text || seen.has(text)) continue;
    seen.add(text);
    candidates.push({ source, text: text.slice(0, maxChars), truncated: text.length > maxChars });
  }
  return candidates;
}
