// Pictures for the README, made from the tests' own screenshots.
import sharp from 'sharp';

/** Writes two screenshots side by side (left: the page, right: the panel) as one PNG, tops aligned. */
export async function sideBySide(left: Buffer, right: Buffer, path: string): Promise<void> {
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
