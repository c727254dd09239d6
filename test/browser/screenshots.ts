// Pictures for the README and docs/, made from the tests' own screenshots — only when asked
// (`npm run docs:pictures`), so that `npm test` leaves the working tree as it found it.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

/** The path a test writes a docs picture to when pictures are asked for (CAPTION_CHECK_PICTURES=1), else undefined: the screenshot is still taken, and kept in memory. */
export function docsPicture(name: string): string | undefined {
  return process.env.CAPTION_CHECK_PICTURES === '1' ? `docs/${name}` : undefined;
}

/** Like docsPicture, for the store listings' pictures: `store/screenshots/<name>` when pictures are asked for. */
export function storePicture(name: string): string | undefined {
  if (process.env.CAPTION_CHECK_PICTURES !== '1') return undefined;
  mkdirSync('store/screenshots', { recursive: true });
  return `store/screenshots/${name}`;
}

/** Writes two screenshots side by side (left: the page, right: the panel) as one PNG, tops aligned. */
export async function sideBySide(left: Buffer, right: Buffer, path: string | undefined): Promise<void> {
  if (!path) return;
  const [a, b] = await Promise.all([sharp(left).metadata(), sharp(right).metadata()]);
  const width = (a.width ?? 0) + (b.width ?? 0);
  const height = Math.max(a.height ?? 0, b.height ?? 0);
  await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: a.width ?? 0, top: 0 },
    ])
    .png()
    .toFile(path);
}
