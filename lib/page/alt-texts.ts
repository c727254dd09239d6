// Runs in the page (isolated world): "Check alt text on this page". Every picture's alt text is the
// caption its author wrote for people who cannot see it; each one that reads as a description is listed
// to be checked against its own image, and the ones that fail people before any model is asked (no alt,
// a file name as alt) are listed as findings. Pure DOM reads, as captioned-images.ts.
import { bigEnough, idFor, MAX_ITEMS, type CaptionedImage } from './captioned-images';
import { isFileName } from './caption-text';

/** An accessibility finding that needs no model: the image has no alt attribute, or a file name as alt. */
export interface AltFinding {
  id: string;
  imageUrl: string;
  kind: 'missing-alt' | 'file-name-alt';
  /** The alt text as written (null when there is none). */
  alt: string | null;
}

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Hidden from assistive technology on purpose: `role="presentation"`/`"none"`, or `aria-hidden` on it or an ancestor. */
function decorative(image: HTMLImageElement): boolean {
  const role = (image.getAttribute('role') ?? '').trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  return image.closest('[aria-hidden="true"]') !== null;
}

/**
 * The page's pictures (icons and trackers under 64 px skipped) by what their alt text needs: `items`,
 * the alt texts to check against their images (source 'alt', cut at `maxChars`); `findings`, the images
 * without alt and the ones whose alt is a file name. `alt=""` and decorative images are neither.
 */
export function listAltTexts(maxChars: number): { pageUrl: string; items: CaptionedImage[]; findings: AltFinding[] } {
  const items: CaptionedImage[] = [];
  const findings: AltFinding[] = [];
  for (const image of Array.from(document.querySelectorAll('img'))) {
    if (items.length >= MAX_ITEMS && findings.length >= MAX_ITEMS) break;
    if (decorative(image) || !bigEnough(image)) continue;
    const imageUrl = image.currentSrc || image.src;
    if (!imageUrl) continue;
    const raw = image.getAttribute('alt');
    const alt = collapse(raw);
    if (raw !== null && !alt) continue; // alt="": the author marked it decorative
    if (raw === null || isFileName(alt)) {
      if (findings.length < MAX_ITEMS) findings.push({ id: idFor(image), imageUrl, kind: raw === null ? 'missing-alt' : 'file-name-alt', alt: raw === null ? null : alt });
      continue;
    }
    if (items.length < MAX_ITEMS) items.push({ id: idFor(image), imageUrl, caption: alt.slice(0, maxChars), truncated: alt.length > maxChars, source: 'alt' });
  }
  return { pageUrl: location.href, items, findings };
}
