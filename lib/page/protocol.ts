// The boundary between the service worker and our page script: what the worker may call and the
// schema of every answer. The page may be hostile and its DOM is not ours, so each answer is checked
// here before the worker uses it. No DOM code lives in this file: the worker imports it.
import { t } from '../i18n';
import { z } from 'zod';
import { gatherReplySchema } from '../gather-reply';
import { lazySchema } from '../lazy-schema';
import { MAX_CAPTION_CHARS } from '../check-lifecycle';
import { altCountsSchema, altFindingSchema, captionedImageSchema } from '../page-check-state';
import { MAX_UPLOAD_BYTES } from '../image/encode';
import { CheckError } from '../errors';
import type { PageApi } from './api';

export { PAGE_API_SLOT, PREFETCH_SLOT, READ_API_SLOT, READ_WAITING_SLOT, SLOT_PREFIX } from './slot-names';

/** How an image is shown on the page (lib/page/image-source.ts). */
export const imageKindSchema = lazySchema(() => z.enum(['img', 'picture', 'poster', 'background', 'canvas', 'svg']));

// Each schema is built the first time an answer of its kind is parsed, not as the engine loads: a click that woke
// the worker parses two kinds of answer (the caption, the image) before its request.
const url = lazySchema(() => z.string().max(100_000));
const dataUrl = lazySchema(() =>
  z
    .string()
    .max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64)
    .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/),
);
const box = lazySchema(() => z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }));

/** The image read in the page, or why it could not be (`fatal`: no other path will do better). */
export const pageImageSchema = lazySchema(() =>
  z.union([
    z.object({ dataUrl, byteLength: z.number().int().positive(), width: z.number().int().positive(), height: z.number().int().positive() }),
    z.object({ error: z.object({ fatal: z.boolean(), message: z.string().max(500), url }) }),
  ]),
);

/** Where an image (or a frame) sits in the top frame's viewport, for a screenshot crop; null when not found. */
export const imageLocationSchema = lazySchema(() =>
  z
    .object({
      rect: box,
      viewport: z.object({ width: z.number().positive(), height: z.number().positive() }),
      dpr: z.number().positive(),
      currentSrc: z.string().max(100_000),
      kind: imageKindSchema,
      swapped: z.boolean().optional(),
    })
    .nullable(),
);

/** The page's image + caption pairs. */
export const pageListSchema = lazySchema(() => z.object({ pageUrl: url, items: z.array(captionedImageSchema).max(100) }));
/** The alt texts to check, and the images without a usable alt. */
export const altListSchema = lazySchema(() => pageListSchema.extend({ findings: z.array(altFindingSchema).max(100), counts: altCountsSchema.optional() }));

/** Methods that answer nothing: whatever comes back is ignored, never used. */
const nothing = lazySchema(() => z.unknown().transform((): void => undefined));

/** The schema of each page-API method's answer; callPage parses every answer with its method's schema. */
export const pageReplySchemas = {
  gather: gatherReplySchema,
  gatherSelection: lazySchema(() => gatherReplySchema.nullable()),
  gatherAroundFrame: gatherReplySchema,
  closeChooser: lazySchema(() => z.boolean()),
  pick: lazySchema(() => z.union([z.object({ cancelled: z.literal(true) }), z.object({ srcUrl: url.min(1), pageUrl: url, kind: imageKindSchema })])),
  // One past the cap at most: the caller asks for up to MAX_CAPTION_CHARS (+1 to notice a cut).
  readSelection: lazySchema(() => z.string().max(MAX_CAPTION_CHARS + 1)),
  readImage: pageImageSchema,
  locateImage: imageLocationSchema,
  locateFrame: imageLocationSchema,
  forgetPicked: nothing,
  showMarks: lazySchema(() => z.object({ located: z.number().int().nonnegative(), badge: z.boolean() })),
  clearMarks: nothing,
  focusMark: lazySchema(() => z.boolean()),
  listCaptioned: pageListSchema,
  listAltTexts: altListSchema,
  selectCaptioned: lazySchema(() => url.min(1).nullable()),
  markListed: lazySchema(() => z.object({ drawn: z.number().int().nonnegative(), focused: z.boolean() })),
} satisfies { [M in keyof PageApi]: z.ZodType };

/** A page-API method's name. */
export type PageMethod = keyof PageApi;
/** What the worker gets from a page-API method once its answer passed the method's schema. */
export type PageReply<M extends PageMethod> = z.output<(typeof pageReplySchemas)[M]>;

/** A page answered something its method's schema refuses: a hostile page, or a page script from an older build. */
export class PageReplyError extends CheckError {
  constructor(readonly method: PageMethod) {
    super('page', t('errPageAnswer'));
  }
}

/** Checks one page-API answer against its method's schema; throws PageReplyError when it does not pass. */
export function parsePageReply<M extends PageMethod>(method: M, raw: unknown): PageReply<M> {
  const parsed = pageReplySchemas[method].safeParse(raw);
  if (!parsed.success) throw new PageReplyError(method);
  return parsed.data as PageReply<M>;
}
