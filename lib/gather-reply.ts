// What the page script answers when asked for the caption (lib/page/gather-caption.ts). The page may be
// hostile and the page script's world is not ours to trust blindly: its answer is parsed here, capped.
import { t } from './i18n';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { languageTag } from './claims/language';
import { CheckError } from './errors';
import { MAX_CAPTION_CHARS, MAX_TITLE_CHARS, type GatheredCaption } from './check-lifecycle';
import { creditApart, SELECTED_CREDIT_CHARS } from './page/credit';

/** Longest name of an answer kept ("Model A", a column header). */
const MAX_LABEL_CHARS = 200;

/** The page's answer: the caption the user confirmed (with its credit), or that they cancelled. */
export const gatherReplySchema = lazySchema(() => z.union([
  z.object({ cancelled: z.literal(true) }),
  z.object({
    // One past the cap: a selection that long is cut with a notice by prepareCaption, not refused.
    caption: z.string().max(MAX_CAPTION_CHARS + 1),
    source: z.enum(['selection', 'chooser']),
    // Older page scripts (a tab injected before an update) send no credit.
    credit: z.string().optional(),
    // A selection as selected (its lines), up to its credit: its credit is set apart here, not in the page.
    selected: z.string().max(MAX_CAPTION_CHARS + 1 + SELECTED_CREDIT_CHARS).optional(),
    pageUrl: z.string().max(100_000),
    imageUrl: z.string(),
    // Older page scripts send no language; a tag past any real one's length is not a language tag.
    lang: z.string().max(64).optional(),
    // The document's title, for naming the page in the result and history (older page scripts send none).
    pageTitle: z.string().max(10_000).optional(),
    // "Check both": the first answer's name and the second answer as the page names it.
    label: z.string().max(MAX_LABEL_CHARS).optional(),
    second: z
      .object({ caption: z.string().max(MAX_CAPTION_CHARS + 1), label: z.string().max(MAX_LABEL_CHARS), credit: z.string().max(MAX_CAPTION_CHARS).optional() })
      .optional(),
  }),
]));

/** A selection's caption and credit, as selectedCaption sets them apart at the cap the page read to (MAX_CAPTION_CHARS + 1). */
function splitSelection(selected: string, collapsed: string): { caption: string; credit: string } {
  const { text, credit } = creditApart(selected, collapsed, MAX_CAPTION_CHARS + 1);
  return { caption: text, credit };
}

/**
 * Reads the page's answer into the caption to check, or null when the user cancelled. The image is the
 * one the menu (or the picker) named, `srcUrl`, never what the page says it shows by now: a page can swap
 * an <img>'s source after the click, and the result must name the picture that was read.
 */
export function gatheredFrom(reply: unknown, srcUrl: string): GatheredCaption | null {
  if (reply === undefined || reply === null) throw new CheckError('page', t('errPageNoAnswer'));
  const parsed = gatherReplySchema.safeParse(reply);
  if (!parsed.success) throw new CheckError('page', t('errPageBadCaption'));
  if ('cancelled' in parsed.data) return null;
  const { pageUrl, selected } = parsed.data;
  // A selection's credit is set apart here (the page sends it as selected, and whitespace-collapsed as `caption`).
  const { caption, credit } = selected !== undefined ? splitSelection(selected, parsed.data.caption) : parsed.data;
  const kept = credit?.replace(/\s+/g, ' ').trim();
  const lang = languageTag(parsed.data.lang);
  const pageTitle = parsed.data.pageTitle?.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_CHARS);
  const { label, second } = parsed.data;
  const name = (text: string) => text.replace(/\s+/g, ' ').trim();
  const both = second ? { label: name(label ?? ''), second: { caption: second.caption, label: name(second.label), ...(second.credit?.trim() ? { credit: second.credit.trim() } : {}) } } : {};
  return { caption, pageUrl, imageUrl: srcUrl, ...(kept ? { credit: kept } : {}), ...(lang ? { lang } : {}), ...(pageTitle ? { pageTitle } : {}), ...both };
}
