import { locateFrame, locateImage, forgetPicked, type ImageLocation } from './find-image';
import { listCaptionedImages, selectCaptioned, type CaptionedImage } from './captioned-images';
import { listAltTexts, type AltFinding } from './alt-texts';
import { closeChooser } from './chooser';
import { gatherAroundFrame, gatherCaption, readSelection, type GatherCancelled, type PageCaption } from './gather-caption';
import { gatherSelection } from './selected-caption';
import { clearMarks, focusMark, showMarks, type MarksPayload } from './marks';
import { pickImage, type PickResult } from './picker';
import { markListed, type ListedMark } from './listed-marks';
import { readImage, type PageImage, type PageImageError } from './read-image';

/**
 * What the page script offers the service worker, installed once per frame in the extension's
 * isolated world (never the page's own). The worker calls it with scripting.executeScript `func`s.
 */
export interface PageApi {
  /** The selection, else the caption the user confirms in the in-page chooser (a Promise the worker awaits). */
  gather(srcUrl: string, maxChars: number): Promise<PageCaption | GatherCancelled>;
  /** The selection as the caption; null when nothing is selected (then `gather` opens the chooser). In the read script too. */
  gatherSelection(srcUrl: string, maxChars: number): PageCaption | null;
  /** In the top frame, for an image in a frame from another site: the chooser by that <iframe>. */
  gatherAroundFrame(frameUrl: string, srcUrl: string, maxChars: number): Promise<PageCaption | GatherCancelled>;
  /** Closes the open chooser as cancelled (the check was cancelled from the popup); false when none is open. */
  closeChooser(): boolean;
  /** Lets the user click an image the context menu cannot reach; stores it for the image finder. */
  pick(): Promise<PickResult>;
  /** The text selected in this frame (for "Check this text against an image…"). */
  readSelection(maxChars: number): string;
  /** The chosen image's pixels, decoded at reduced size and encoded in the page. */
  readImage(srcUrl: string, maxEdge: number): Promise<PageImage | PageImageError>;
  /** Scrolls the chosen image into view and measures it (top-frame viewport) for a screenshot crop. */
  locateImage(srcUrl: string): Promise<ImageLocation | null>;
  /** In the top frame: measures the <iframe> showing `frameUrl`, for an image in a frame from another origin. */
  locateFrame(frameUrl: string): Promise<ImageLocation | null>;
  /** Drops the element the picker stored, once a check has used it. */
  forgetPicked(): void;
  /** Marks a finished check's claims in the caption (CSS highlights) and badges the image. */
  showMarks(payload: MarksPayload): { located: number; badge: boolean };
  /** Removes the marks and the badge. */
  clearMarks(): void;
  /** Makes one claim's marks stand out and, with `scroll`, brings the image into view; false when no marks are shown. */
  focusMark(claim: number | null, scroll: boolean): boolean;
  /** The page's image + caption pairs (figures, demo output boxes, descriptive alt), for a whole-page check. */
  listCaptioned(maxChars: number): { pageUrl: string; items: CaptionedImage[] };
  /** "Check alt text on this page": the alt texts to check, and the images without a usable alt. */
  listAltTexts(maxChars: number): { pageUrl: string; items: CaptionedImage[]; findings: AltFinding[] };
  /** Makes a listed image the one the image finder reads next; its URL, or null when it is gone. */
  selectCaptioned(id: string): string | null;
  /** Outlines the listed pictures of a page check or audit with their labels; `focus` is scrolled to and stands out. */
  markListed(marks: ListedMark[], focus: string | null): { drawn: number; focused: boolean };
}

export { PAGE_API_SLOT } from './slot-names';

/** Builds the page API from the lib/page helpers. */
export function createPageApi(): PageApi {
  return { gather: gatherCaption, gatherSelection, gatherAroundFrame, closeChooser, pick: pickImage, readSelection, readImage, locateImage, locateFrame, forgetPicked, showMarks, clearMarks, focusMark, listCaptioned: listCaptionedImages, listAltTexts, selectCaptioned, markListed };
}
