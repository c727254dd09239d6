// The hand-written gold captions of the saved real pages (test/realpages/gold.json), read and checked once
// for every script that measures against them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The saved pages and their gold file. */
export const REALPAGES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../test/realpages');

const goldSchema = z.object({
  pages: z.record(
    z.string(),
    // `slice` names a later held-out set (pages set aside after the first), reported on its own line.
    z.object({ heldOut: z.boolean(), slice: z.string().optional() }),
  ),
  images: z.array(
    z.object({
      page: z.string(),
      /** A piece of the image's URL (src, data-src …) that picks it out on its page; the first match is the one. */
      img: z.string(),
      caption: z.string().nullable(),
      credit: z.string().optional(),
    }),
  ),
});

/** The gold file, parsed: each page's slice, and per image the caption a reader would pick (null: none). */
export function readRealPagesGold(): z.infer<typeof goldSchema> {
  return goldSchema.parse(JSON.parse(readFileSync(resolve(REALPAGES_DIR, 'gold.json'), 'utf8')));
}
