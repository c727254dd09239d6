// Shared by the caption finder's unit tests: a snippet of page markup as the whole document, and what the
// chooser would preselect for its <img id="target">.
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { PRESELECT_SCORE, rankCaptions } from '../../lib/page/caption-finder';

/** Puts `html` in the document's body (with `title` as the page title) and returns its <img id="target">. */
export function page(html: string, title = 'An article'): HTMLImageElement {
  const parsed = new DOMParser().parseFromString(`<!doctype html><title>${title}</title><body>${html}</body>`, 'text/html');
  document.title = title;
  document.body.replaceChildren(...Array.from(parsed.body.childNodes).map((node) => document.importNode(node, true)));
  const image = document.querySelector<HTMLImageElement>('img#target');
  if (!image) throw new Error('the snippet needs an <img id="target">');
  return image;
}

/** What the chooser would preselect: the best candidate when it clears the threshold, else "". */
export function preselected(image: Element): { text: string; credit: string } {
  const [best] = rankCaptions(image);
  return best && best.score >= PRESELECT_SCORE ? { text: best.text, credit: best.credit } : { text: '', credit: '' };
}

/** What the caption dialog offers for the snippet's <img id="target">, best first, whitespace collapsed. */
export const offered = (html: string) =>
  findCaptionCandidates(page(html), 10_000).map((c) => ({ source: c.source, label: c.label ?? '', text: c.text.replace(/\s+/g, ' '), preselect: !!c.preselect }));
