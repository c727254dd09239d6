// A check that waits for its caption: the chooser is open on the page and nothing has been sent. The
// popup and side panel show it (and which image it is for) instead of passing the tab's last result off
// as the answer to it; the worker writes it when the chooser opens and removes it when the user decides.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const URL_CHARS = 4096;

export const waitingCheckSchema = lazySchema(() => z.object({
  /** Which check waits: a check that replaced it writes its own, which the first one's end must leave alone. */
  id: z.string().max(100),
  tabId: z.number().int(),
  pageUrl: z.string().max(URL_CHARS),
  /** The image's URL as the page gave it ('' for an inline data: image, which says nothing a person reads). */
  imageUrl: z.string().max(URL_CHARS),
  since: z.number(),
  /** A small picture of the image, once the page has read it. */
  thumbnail: z.string().startsWith('data:image/').nullable(),
}));
export type WaitingCheck = z.infer<typeof waitingCheckSchema>;

/** The waiting record of a check on `tabId`: URLs kept to what is worth showing and storing. */
export function newWaitingCheck(id: string, tabId: number, pageUrl: string, imageUrl: string, now: number): WaitingCheck {
  const shown = (url: string) => (url.startsWith('data:') || url.length > URL_CHARS ? '' : url);
  return { id, tabId, pageUrl: shown(pageUrl), imageUrl: shown(imageUrl), since: now, thumbnail: null };
}
