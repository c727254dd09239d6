// The one rule that sets a picture's credit apart from its caption, applied where the caption enters a check
// whatever way it came (picked in the dialog, selected on the page, typed, or a claim written in Edit claims):
// who made the picture is shown with the result, never sent to the model as a claim. It reuses the caption
// finder's credit detection (lib/page/credit.ts) and adds what arrives only by hand: a credit glued to the
// caption without a full stop ("… takeover Credit: HARARE HERALD", "…Brooklyn.CreditCreditChang W. Lee/…"),
// and the page's own controls that a selection picks up ("hide caption").
import { collapse } from '../page/caption-text';
import { splitCredit } from '../page/credit';

/** Labels that open a credit at a caption's end, in the languages of the interface's credit words (en, de, fr, es, it, pt). */
// (é and í written as escapes, so the built scripts are plain ASCII, read by the browser as one-byte text.)
const LABEL = String.raw`(?:(?:photo|image|picture)\s+)?credits?|photo|photos|image|fotos?|bild|bildquelle|quelle|cr[\u00E9e]dits?(?:\s+photo)?|cr[\u00E9e]dito|fuente|foto(?:grafia|graf\u00EDa)?`;

/** "… takeover Credit: HARARE HERALD": a label with a colon, then a short rest of the text with no sentence in it. */
const GLUED = new RegExp(String.raw`(?<=[\p{L}\p{N},;])\s+(${LABEL})\s*[:\uFF1A]\s*([^.!?:\uFF1A()]{2,80})$`, 'iu');
/** The New York Times' "CreditCredit" (a visually hidden label before the visible one) glued to the caption. */
const DOUBLE_CREDIT = /(?<=\S)\s*(?:Credit){1,2}(?=\s*\p{Lu})/u;
/** The page's own controls, read along with a selected caption. */
const PAGE_CONTROLS = /\s*(?:hide|show|toggle|expand|collapse|close)\s+caption\s*$|\s*(?:bildunterschrift\s+(?:ausblenden|einblenden)|masquer\s+la\s+légende|afficher\s+la\s+légende)\s*$/i;
/** A credit's own leading label ("Credit: STR/AFP"), which the result's "Credit: …" line would repeat. */
const CREDIT_LABEL = /^(?:(?:(?:photo|image|picture)\s+)?credits?|cr[ée]dits?(?:\s+photo)?|cr[ée]dito|bildnachweis)\s*[:：]?\s*(?=\S)/i;

/** A credit as the result shows it after "Credit: ": its own "Credit:" label and the page's controls taken off. */
export function creditText(credit: string): string {
  let text = collapse(credit).replace(PAGE_CONTROLS, '');
  while (CREDIT_LABEL.test(text)) text = text.replace(CREDIT_LABEL, '');
  return text.trim();
}

/** The text's lines with glued credits and page controls made into lines of their own, split by the finder's rule. */
function apart(caption: string): { text: string; credit: string } {
  const lines = caption
    .split('\n')
    .map((line) => collapse(line).replace(PAGE_CONTROLS, '').replace(DOUBLE_CREDIT, '\nCredit: ').replace(GLUED, '\n$1: $2'))
    .flatMap((line) => line.split('\n'));
  return splitCredit(lines);
}

/**
 * The caption with its credit set apart, and the credit that came with it (the dialog's) joined with any
 * found in the text, each said once. A text that is only a credit stays the caption (there is nothing else to check).
 */
export function setCreditApart(caption: string, credit = ''): { caption: string; credit: string } {
  const split = apart(caption);
  const text = split.text || collapse(caption).replace(PAGE_CONTROLS, '');
  const credits = [credit, split.text ? split.credit : ''].flatMap((c) => c.split(' · ')).map(creditText).filter(Boolean);
  return { caption: text, credit: [...new Set(credits)].join(' · ') };
}

/** A claim the user wrote, with any credit in it taken off; null when it is only a credit (nothing to check). */
export function claimWithoutCredit(claim: string): string | null {
  const split = apart(claim);
  return split.text || (split.credit ? null : collapse(claim));
}
