/** What the page script reports about the right-clicked image. */
export interface PageCaption {
  caption: string;
  source: 'selection' | 'figcaption' | 'alt' | 'none';
  pageUrl: string;
  imageUrl: string;
}

/** Runs in the image's frame: the selection, else the image's <figcaption>, else its alt. */
export function gatherCaption(srcUrl: string, maxChars: number): PageCaption {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, maxChars);
  const images = Array.from(document.images);
  const image =
    images.find((img) => img.currentSrc === srcUrl) ?? images.find((img) => img.src === srcUrl) ?? null;
  const base = { pageUrl: location.href, imageUrl: image?.currentSrc || srcUrl };
  const selection = clean(window.getSelection()?.toString());
  if (selection) return { ...base, caption: selection, source: 'selection' };
  const figcaption = clean(image?.closest('figure')?.querySelector('figcaption')?.textContent);
  if (figcaption) return { ...base, caption: figcaption, source: 'figcaption' };
  const alt = clean(image?.alt);
  if (alt) return { ...base, caption: alt, source: 'alt' };
  return { ...base, caption: '', source: 'none' };
}
