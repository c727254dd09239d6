import { t } from '../i18n';
import { findCaptionCandidates, type CaptionCandidate } from './caption-candidates';
import { chooseCaption, type NamedCaption } from './chooser';
import { answerSettled } from './conversation';
import { selectedCaption } from './credit';
import { findFrame } from './find-image';
import { pickedElementFor } from './picker';
import { markStep } from '../step-marks';

/** What the page script reports about the chosen image. */
export interface PageCaption {
  caption: string;
  source: 'selection' | 'chooser';
  /** The photographer / agency / licence line set apart from the caption, by the chooser or from the selection ("" when none). */
  credit: string;
  pageUrl: string;
  imageUrl: string;
  /** The language the page declares for the caption's place (`lang` of the nearest element that has one), or "". */
  lang: string;
  /** The document's title (the worker caps it). */
  pageTitle: string;
  /** "Check both": the page's name of this answer, and the second answer to check with it. */
  label?: string;
  second?: NamedCaption;
}

/** The user closed the chooser: the check ends quietly. */
export interface GatherCancelled {
  cancelled: true;
}

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The element showing `srcUrl`: the one the picker chose, else an <img> with that URL. */
function anchorFor(srcUrl: string): Element | null {
  const picked = pickedElementFor(srcUrl);
  if (picked) return picked;
  const images = Array.from(document.images);
  return images.find((img) => img.currentSrc === srcUrl) ?? images.find((img) => img.src === srcUrl) ?? null;
}

/** The language the page declares where `node` is: the nearest `lang` attribute, else the document's, else "". */
export function declaredLanguage(node: Node | null | undefined): string {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const lang = element?.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang;
  return (lang ?? '').trim();
}

/** The text selected in this frame, whitespace collapsed, capped at `maxChars`. */
export function readSelection(maxChars: number): string {
  return collapse(window.getSelection()?.toString()).slice(0, maxChars);
}

/**
 * Runs in the image's frame. Text the user selected is the caption, no question asked; otherwise
 * the chooser offers the captions found near the image and waits for the user to confirm one.
 */
export async function gatherCaption(srcUrl: string, maxChars: number): Promise<PageCaption | GatherCancelled> {
  markStep('page:gather');
  const image = anchorFor(srcUrl);
  const base = { pageUrl: location.href, pageTitle: document.title, imageUrl: (image instanceof HTMLImageElement && image.currentSrc) || srcUrl };
  // One character past the cap: the worker then sees that the selection was longer and says so
  // (prepareCaption), instead of it being cut here silently. The chooser shows its own notice.
  const selection = selectedCaption(window.getSelection()?.toString() ?? '', maxChars + 1);
  if (selection.text)
    return { ...base, caption: selection.text, source: 'selection', credit: selection.credit, lang: declaredLanguage(window.getSelection()?.anchorNode) };
  const anchor = image ?? document.documentElement;
  // A chat answer still being written is read once it is finished; if it is not done in time, the dialog says so.
  const settled = image ? await answerSettled(image) : true;
  const choice = await chooseCaption(anchor, image ? findCaptionCandidates(image, maxChars) : [], maxChars, settled ? undefined : t('chooserStillWriting'));
  if ('cancelled' in choice) return choice;
  return { ...base, caption: choice.caption, source: 'chooser', credit: choice.credit, lang: declaredLanguage(anchor), ...bothOf(choice) };
}

/** "Check both": the first answer's name and the second answer, passed on with the caption (nothing otherwise). */
function bothOf(choice: { label?: string; second?: NamedCaption }): Pick<PageCaption, 'label' | 'second'> {
  return choice.second ? { label: choice.label ?? '', second: choice.second } : {};
}

/** What the chooser says when it stands for a frame it cannot read. */
export const foreignFrameHint = (): string => t('chooserForeignFrame');

/**
 * Runs in the top frame when the image's own frame is from another site (out of our reach): the
 * chooser opens by that <iframe> with the captions around it. A selection on this page is offered
 * first but never taken unasked: the user right-clicked in another document, so it may be stale.
 */
export async function gatherAroundFrame(frameUrl: string, srcUrl: string, maxChars: number): Promise<PageCaption | GatherCancelled> {
  const frame = findFrame(frameUrl);
  const selection = selectedCaption(window.getSelection()?.toString() ?? '', maxChars);
  const candidates: CaptionCandidate[] = [
    ...(selection.text ? [{ source: 'selection' as const, text: selection.text, truncated: false, credit: selection.credit }] : []),
    ...(frame ? findCaptionCandidates(frame, maxChars).filter((c) => c.text !== selection.text) : []),
  ];
  const choice = await chooseCaption(frame ?? document.documentElement, candidates, maxChars, foreignFrameHint());
  if ('cancelled' in choice) return choice;
  return { pageUrl: location.href, pageTitle: document.title, imageUrl: srcUrl, caption: choice.caption, source: 'chooser', credit: choice.credit, lang: declaredLanguage(frame), ...bothOf(choice) };
}
