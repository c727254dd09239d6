import { t } from '../i18n';
import { findCaptionCandidates, type CaptionCandidate } from './caption-candidates';
import { chooseCaption, type NamedCaption } from './chooser';
import { answerSettled } from './answer-settled';
import { selectedCaption } from './credit';
import { findFrame } from './find-image';
import { anchorFor, declaredLanguage, gatherSelection, pageFacts, type PageCaption } from './selected-caption';

export type { PageCaption } from './selected-caption';
export { declaredLanguage } from './selected-caption';

/** The user closed the chooser: the check ends quietly. */
export interface GatherCancelled {
  cancelled: true;
}

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
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
  const selected = gatherSelection(srcUrl, maxChars);
  if (selected) return selected;
  const image = anchorFor(srcUrl);
  const anchor = image ?? document.documentElement;
  // A chat answer still being written is read once it is finished; if it is not done in time, the dialog says so.
  const settled = image ? await answerSettled(image) : true;
  const choice = await chooseCaption(anchor, image ? findCaptionCandidates(image, maxChars) : [], maxChars, settled ? undefined : t('chooserStillWriting'));
  if ('cancelled' in choice) return choice;
  return { ...pageFacts(image, srcUrl), caption: choice.caption, source: 'chooser', credit: choice.credit, lang: declaredLanguage(anchor), ...bothOf(choice) };
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
