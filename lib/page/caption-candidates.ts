// Where a caption for an image may be on a page, best first. Pure DOM reads: nothing here changes the page.
import { t, type MessageKey } from '../i18n';
import { fileNamedBadge, isAvatarOrLogo, linksToItsName } from './avatar-logo';
import { rankCaptions, PRESELECT_SCORE } from './caption-finder';
import { aboutThePage, collapse, isLabel, linkShare, rectDistance, wordCount } from './caption-text';
import { conversationAnswers, inModelTurn } from './conversation';
import { iconInSidedTurn } from './turn-sides';
import { isCredit } from './credit';
import { expandJson, jsonFields } from './json-output';
import { aiDescriptionBox, isWebResult, labelledOutputs, notebookOutput } from './model-output';
import { liveOutput } from './live-output';
import { isPicture } from './picture-size';
import { asksAboutPicture, isRequestToModel } from './requests';
import { isOutputLabel, isOutputLeadIn, namesTheUpload } from './ui-labels';
import { isModelLeadIn } from './model-names';
import { fromUserTurn, promptTexts, uploadControlTexts } from './user-words';
import { isDateOnly, isFiguresLine, trimModelText } from './output-trim';
import { printsAlt } from './printed-caption';
import { postQuote, rowCaptions } from './rows-and-posts';
import { neverNearby } from './unoffered';
import { floatingAltText } from './alt-field';
import { cellValueAfter, printedAfterPicture } from './notebook-cells';
import { demoOutputs, isShown, selectedTwinOutputs } from './output-boxes';

/** Where a candidate caption was found; the chooser names it so the user knows what they pick. */
export type CandidateSource =
  | 'selection'
  | 'figcaption'
  | 'caption'
  | 'data-caption'
  | 'gallery'
  | 'aria-describedby'
  | 'aria-labelledby'
  | 'alt'
  | 'title'
  | 'nearby-text'
  | 'demo-output'
  | 'answer'
  | 'quote'
  | 'post'
  | 'cell';

/** One caption the page offers for an image. */
export interface CaptionCandidate {
  source: CandidateSource;
  /** Whitespace-collapsed and capped at the caller's limit. */
  text: string;
  /** The text was longer than the limit and was cut. */
  truncated: boolean;
  /** The photographer / agency / licence line that came with it, kept out of the caption ("" or absent: none). */
  credit?: string;
  /** Evidence enough that this is the image's caption for the chooser to preselect it. */
  preselect?: boolean;
  /** The page's own name for it, shown instead of the source's ("Model A", a table's column header). */
  label?: string;
}

const SOURCE_KEYS: Record<CandidateSource, MessageKey> = {
  selection: 'sourceSelection',
  figcaption: 'sourceFigcaption',
  caption: 'sourceCaption',
  'data-caption': 'sourceDataCaption',
  gallery: 'sourceGallery',
  'aria-describedby': 'sourceDescribedby',
  'aria-labelledby': 'sourceLabelledby',
  alt: 'sourceAlt',
  title: 'sourceTitle',
  'nearby-text': 'sourceNearby',
  'demo-output': 'sourceDemoOutput',
  answer: 'sourceAnswer',
  quote: 'sourceQuote',
  post: 'sourcePost',
  cell: 'sourceCell',
};

/** How the chooser names each source ("Alt text"). */
export const sourceLabel = (source: CandidateSource): string => t(SOURCE_KEYS[source]);

/** Text blocks farther than this (CSS px) from the image are not "near" it. */
const NEAR_PX = 400;
/** Enough to find the neighbourhood of an image on any real page without walking a huge DOM. */
const MAX_TEXT_NODES = 4000;
/** Shorter text (a button, "Share") is not a caption. */
const MIN_BLOCK_CHARS = 12;


/** The element's block container: text in inline elements belongs to the paragraph around them. */
function blockOf(element: Element): Element {
  let current: Element = element;
  while (current.parentElement && current !== document.body && getComputedStyle(current).display.startsWith('inline'))
    current = current.parentElement;
  return current;
}

/** Text blocks near the image, nearest first, skipping those inside `exclude` (the image's own figure). */
function nearbyBlocks(image: Element, exclude: Element | null): string[] {
  const anchor = image.getBoundingClientRect();
  const blocks = new Map<Element, number>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(), seen = 0; node && seen < MAX_TEXT_NODES; node = walker.nextNode(), seen++) {
    if (!node.textContent?.trim() || !node.parentElement) continue;
    const parent = node.parentElement;
    if (parent.closest('script, style, noscript, template, textarea, output, pre, button, nav, select, option, a[href], h1, h2, h3, h4, h5, h6, header, footer, aside, label, time')) continue;
    const block = blockOf(parent);
    if (blocks.has(block) || block.contains(image) || (exclude && exclude.contains(block))) continue;
    if (!isShown(block) || neverNearby(block, image)) continue;
    blocks.set(block, rectDistance(anchor, block.getBoundingClientRect()));
  }
  return [...blocks]
    .filter(([block, distance]) => distance <= NEAR_PX && linkShare(block) < 0.5)
    .sort((a, b) => a[1] - b[1])
    .map(([block]) => collapse(block.textContent))
    .filter(isProse);
}

/** A sentence of prose: long enough, not a label, a credit, a byline or a date. */
function isProse(text: string): boolean {
  return text.length >= MIN_BLOCK_CHARS && wordCount(text) >= 4 && !isLabel(text) && !isCredit(text) && !aboutThePage(text);
}

/** Nearby prose is offered, never preselected: being close is not evidence that it describes the picture. */
const NEARBY_SCORE = 0.3;
/** A demo's output box next to the image is what its model wrote about it. */
const DEMO_SCORE = 0.6;

/** Scores of what AI surfaces offer: above a caption slot for an answer, near it for outputs, cells and quotes. */
const ANSWER_SCORE = 0.97;
const DISCLOSED_SCORE = 0.92;
const NOTEBOOK_SCORE = 0.85;
/** Above a caption-classed slot: a demo's own caption line (model, time) or an upload's label sits in one. */
const LABELLED_OUTPUT_SCORE = 0.93;
/** Just below a labelled output: a region the page rewrites with the answer, after the box the user asked in. */
const LIVE_OUTPUT_SCORE = 0.9;
const CELL_SCORE = 0.85;
const QUOTE_SCORE = 0.8;
/** The whole post around a quote: offered second, never first. */
const POST_SCORE = 0.55;

type Found = { source: CandidateSource; text: string; credit: string; score: number; label?: string };

/** What AI surfaces say about the picture: a chat's answer(s), output boxes and labels, notebook output, table cells, quoted posts. */
function aiSurfaceCaptions(image: Element): { found: Found[]; userTexts: string[]; otherRows: string[]; webResult: boolean } {
  const conversation = conversationAnswers(image);
  const rows = rowCaptions(image);
  const disclosed = aiDescriptionBox(image) || floatingAltText(image);
  const printed = notebookOutput(image) || cellValueAfter(image) || printedAfterPicture(image);
  const found: Found[] = [
    ...(conversation?.answers ?? []).map((a, i) => ({ source: 'answer' as const, text: a.text, credit: '', score: ANSWER_SCORE - i * 0.01, label: a.label || undefined })),
    ...(disclosed ? [{ source: 'caption' as const, text: disclosed, credit: '', score: DISCLOSED_SCORE }] : []),
    ...(printed ? [{ source: 'demo-output' as const, text: printed, credit: '', score: NOTEBOOK_SCORE }] : []),
    ...labelledOutputs(image).map((text) => ({ source: 'demo-output' as const, text, credit: '', score: LABELLED_OUTPUT_SCORE })),
    // A live region by a chat's picture is the chat's (the transcript, a typing notice), read above as its conversation.
    ...[conversation || inModelTurn(image) ? '' : liveOutput(image)].filter(Boolean).map((text) => ({ source: 'demo-output' as const, text, credit: '', score: LIVE_OUTPUT_SCORE })),
    ...rows.cells.map((c, i) => ({ source: 'cell' as const, text: c.text, credit: '', score: CELL_SCORE - i * 0.01, label: c.label || undefined })),
    ...postQuote(image).map((q, i) => ({ source: i ? ('post' as const) : ('quote' as const), text: q.text, credit: '', score: i ? POST_SCORE : QUOTE_SCORE })),
  ]
    // What the interface prints around the model's words (a label before them, figures and controls after) is not theirs.
    .map((c) => ({ ...c, text: trimModelText(c.text) }))
    .flatMap(expandJson);
  const webResult = found.length > 0 && !conversation && isWebResult(image); // a search's web result: the answer is about another picture
  return { found: webResult ? [] : found, userTexts: [...(conversation?.userTexts ?? []), ...(rows.prompts ?? [])], otherRows: rows.cells.length ? rows.otherRows : [], webResult };
}

/** The AI surfaces "Check all captioned images" pairs a picture with: a chat's answer, an output, a table row's cell. */
const LISTED_AI_SOURCES = new Set<CandidateSource>(['answer', 'demo-output', 'cell', 'caption']);

/**
 * For "Check all captioned images": the best caption an AI surface gives `image` (the chat's answer to it, a demo's or
 * notebook's output, an AI description box, the first model's cell of its table row), and which texts are the user's
 * own words to the model (never a caption) — as the chooser reads them. A quoted post is left to the chooser (a pull
 * quote by an article's picture is no caption to check unasked).
 */
export function aiSurfaceCaption(image: Element): { best: { source: 'answer' | 'demo-output' | 'cell' | 'caption'; text: string; score: number } | null; theirs: (text: string) => boolean } {
  const ai = aiSurfaceCaptions(image);
  const userTexts = new Set(ai.userTexts);
  const aiPage = ai.found.length > 0 || ai.userTexts.length > 0 || ai.webResult;
  const theirs = (text: string) => (aiPage ? isRequestToModel(text) : asksAboutPicture(text)) || userTexts.has(collapse(text));
  // An avatar or a logo is not what the answer beside it describes.
  const best = isAvatarOrLogo(image) || (fileNamedBadge(image) && inModelTurn(image)) ? undefined : ai.found.filter((c) => LISTED_AI_SOURCES.has(c.source) && !theirs(c.text)).sort((a, b) => b.score - a.score)[0];
  return { best: best ? { source: best.source as 'answer' | 'demo-output' | 'cell' | 'caption', text: best.text, score: best.score } : null, theirs };
}

/** A file's name and size ("sommerfest.jpeg 2048×1365 412 KB"), a lightbox's line: never a caption. */
const FILE_META = /^\S+\.(?:jpe?g|png|gif|webp|heic)(?:\d|\s|$)/i;

/**
 * The captions a page offers for an image, best first and without duplicates: what the markup ties
 * to it (figure, ARIA, caption slots, gallery items, data-caption), a descriptive alt/title, nearby
 * demo output boxes, then nearby prose by layout. Credits are set apart; only a candidate with enough
 * evidence is marked `preselect`, and file names, labels and credits are never offered as captions.
 */
export function findCaptionCandidates(image: Element, maxChars: number): CaptionCandidate[] {
  const figure = image.closest('figure');
  const ai = aiSurfaceCaptions(image);
  // The user's own words to the model (a request, an upload's label, their turn in a chat) are never a caption.
  const theirs = new Set(ai.userTexts);
  // A page with a model's answer, output or quote on it reads any request as one; elsewhere only one about the picture.
  const aiPage = ai.found.length > 0 || ai.userTexts.length > 0 || ai.webResult;
  // In a model's own answer, a short line ending in a colon ("Here it is:") leads in to the picture the model made.
  const leadInOfAnswer = (text: string) => /[:：]$/.test(collapse(text)) && wordCount(text) <= 8 && inModelTurn(image);
  // What a prompt box, a prompt field or an API sample's prompt holds is the user's, in any language; so are the
  // instructions of the drop zone the picture was put in.
  const prompts = new Set([...promptTexts(), ...uploadControlTexts(image)]);
  const theirsAsIs = (text: string) =>
    (aiPage ? isRequestToModel(text) : asksAboutPicture(text)) ||
    prompts.has(collapse(text)) ||
    namesTheUpload(text) ||
    isOutputLabel(text) ||
    isOutputLeadIn(text) ||
    isModelLeadIn(text) ||
    theirs.has(collapse(text)) ||
    FILE_META.test(collapse(text)) ||
    ai.userTexts.some((u) => u.length > 20 && collapse(text).startsWith(u)) ||
    leadInOfAnswer(text);
  // Also with a message's time or status glued on ("Опиши, пожалуйста, что на этой фотографии.10:41✓✓").
  const isTheirs = (text: string) => theirsAsIs(text) || ((trimmed) => trimmed !== text && theirsAsIs(trimmed))(trimModelText(text));
  // A model · time · tokens line, even in a caption's slot (a demo's grey caption line), is bookkeeping, never words about the picture.
  // A piece of the user's own turn (their request under a name line) is theirs; a model's answer never is.
  const ownPiece = (c: Found) => c.source !== 'answer' && fromUserTurn(c.text, ai.userTexts);
  const found: Found[] = [
    ...ai.found,
    ...rankCaptions(image),
    ...(demoOutputs(image).length ? demoOutputs(image) : selectedTwinOutputs(image))
      .slice(0, 2)
      .flatMap(({ text, label }) => expandJson({ source: 'demo-output' as const, text: trimModelText(text), credit: '', score: DEMO_SCORE, ...(label ? { label } : {}) })),
  ].filter((c) => !isTheirs(c.text) && !ownPiece(c) && !isFiguresLine(collapse(c.text)) && !isDateOnly(c.text));
  // A JSON block is code: offered once, as the output it is (its fields first), never again as nearby prose.
  const near = nearbyBlocks(image, figure).filter((t) => !isTheirs(t) && !fromUserTurn(t, ai.userTexts) && !isFiguresLine(t) && !isDateOnly(t) && jsonFields(t) === null);
  // A descriptive alt's printed form beside the picture is its caption as readers see it: put just before the alt.
  // (An alt that is not evidence enough, such as a card's repeated headline, lends its printed form none.)
  const alt = found.find((c) => c.source === 'alt' && c.score >= PRESELECT_SCORE);
  const printed = alt && near.find((text) => printsAlt(text, alt.text));
  if (alt && printed) found.push({ source: 'caption', text: printed, credit: '', score: alt.score + 0.01 });
  // Nearby text that only repeats a caption already found (with its credit glued on) adds nothing.
  const repeats = (text: string) => found.some((c) => text.startsWith(collapse(c.text)) || collapse(c.text).startsWith(text));
  // Nor does a piece of a model's answer, or another row of the picture's table (not offered as its equal).
  const otherRows = new Set(ai.otherRows);
  const partOfAnswer = (text: string) => ai.found.some((c) => collapse(c.text).includes(text));
  // Where the model's own words were found, the prose around them is people's talk about them (a correction, a note).
  const modelWords = found.some((c) => (ai.found.includes(c) || c.source === 'demo-output') && c.score >= PRESELECT_SCORE);
  for (const text of near.filter((t) => !repeats(t) && !otherRows.has(t) && !partOfAnswer(t)).slice(0, modelWords || linksToItsName(image) ? 0 : 2)) found.push({ source: 'nearby-text', text, credit: '', score: NEARBY_SCORE });
  found.sort((a, b) => b.score - a.score);
  const credit = found.find((c) => c.credit)?.credit ?? '';
  // An avatar, a logo, a web result, an icon in a turn (or a file named an avatar or a logo in the model's): no preselection.
  const standsFor = isAvatarOrLogo(image) || ai.webResult || ((!isPicture(image) || fileNamedBadge(image)) && inModelTurn(image)) || iconInSidedTurn(image);
  const seen = new Set<string>();
  const candidates: CaptionCandidate[] = [];
  for (const { source, text, score, label, ...rest } of found) {
    const key = collapse(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const own = rest.credit || (source === 'alt' || source === 'title' ? credit : '');
    candidates.push({ source, text: text.slice(0, maxChars), truncated: text.length > maxChars, credit: own, preselect: score >= PRESELECT_SCORE && !standsFor, ...(label ? { label } : {}) });
  }
  return candidates;
}
