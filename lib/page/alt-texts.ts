// Runs in the page (isolated world): "Check alt text on this page". Every picture's alt text is the
// caption its author wrote for people who cannot see it; each one that reads as a description is listed
// to be checked against its own image, and the ones that fail people before any model is asked (no alt,
// a file name, a placeholder such as "Image 1" or one alt repeated over many pictures) are listed as
// findings and never sent. Pure DOM reads, as captioned-images.ts.
import { bigEnough, idFor, MAX_ITEMS, type CaptionedImage } from './captioned-images';
import { isFileName } from './caption-text';
import { isDeviceFileName, isRepeated, placeholderReason, repeatedAlts, type PlaceholderReason } from './alt-placeholder';
import type { AltCounts } from '../page-check-state';

/** An accessibility finding that needs no model: no alt attribute, a file name as alt, or a placeholder alt. */
export interface AltFinding {
  id: string;
  imageUrl: string;
  kind: 'missing-alt' | 'file-name-alt' | 'placeholder-alt';
  /** The alt text as written (null when there is none). */
  alt: string | null;
  /** placeholder-alt only: a generic word, a numbered one, or the same alt on many pictures. */
  reason?: PlaceholderReason;
}

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Hidden from assistive technology on purpose: `role="presentation"`/`"none"`, or `aria-hidden` on it or an ancestor. */
function decorative(image: HTMLImageElement): boolean {
  const role = (image.getAttribute('role') ?? '').trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  return image.closest('[aria-hidden="true"]') !== null;
}

/** What an alt text needs: a finding (and which), or nothing (null: it is checked against its image). */
function findingOf(raw: string | null, alt: string, repeated: ReadonlySet<string>): Pick<AltFinding, 'kind' | 'reason'> | null {
  if (raw === null) return { kind: 'missing-alt' };
  if (isFileName(alt) || isDeviceFileName(alt)) return { kind: 'file-name-alt' };
  const reason = placeholderReason(alt) ?? (isRepeated(alt, repeated) ? 'repeated' : null);
  return reason ? { kind: 'placeholder-alt', reason } : null;
}

/**
 * The page's pictures (icons and trackers under 64 px skipped) by what their alt text needs: `items`,
 * the alt texts to check against their images (source 'alt', cut at `maxChars`); `findings`, the images
 * without alt, with a file name or a placeholder as alt. `alt=""` and decorative images are neither.
 */
export function listAltTexts(maxChars: number): { pageUrl: string; items: CaptionedImage[]; findings: AltFinding[]; counts: AltCounts } {
  const pictures: { image: HTMLImageElement; imageUrl: string; raw: string | null; alt: string }[] = [];
  for (const image of Array.from(document.querySelectorAll('img'))) {
    if (decorative(image) || !bigEnough(image)) continue;
    const imageUrl = image.currentSrc || image.src;
    if (!imageUrl) continue;
    const raw = image.getAttribute('alt');
    const alt = collapse(raw);
    if (raw !== null && !alt) continue; // alt="": the author marked it decorative
    pictures.push({ image, imageUrl, raw, alt });
  }
  const repeated = repeatedAlts(pictures.filter((p) => p.raw !== null));
  const items: CaptionedImage[] = [];
  const findings: AltFinding[] = [];
  // The lists stop at MAX_ITEMS each; the counts go over every picture, so the totals stay true on a big page.
  const counts: AltCounts = { images: pictures.length, described: 0, missingAlt: 0, placeholder: 0 };
  for (const { image, imageUrl, raw, alt } of pictures) {
    const finding = findingOf(raw, alt, repeated);
    if (finding) {
      if (finding.kind === 'missing-alt') counts.missingAlt += 1;
      else counts.placeholder += 1;
      if (findings.length < MAX_ITEMS) findings.push({ id: idFor(image), imageUrl, alt: raw === null ? null : alt, ...finding });
      continue;
    }
    counts.described += 1;
    if (items.length < MAX_ITEMS) items.push({ id: idFor(image), imageUrl, caption: alt.slice(0, maxChars), truncated: alt.length > maxChars, source: 'alt' });
  }
  return { pageUrl: location.href, items, findings, counts };
}
