// The CLI's image step in Node: bytes from a path or an http(s) URL, sized with the extension's
// policy (lib/image/size.ts) by sharp instead of a canvas.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { CheckError } from '../errors';
import { sniffImageType } from '../image/dimensions';
import { IMAGE_POLICY, fitWithin, isTooSmall, type Size } from '../image/size';

/** Larger downloads are refused rather than held in memory. */
export const MAX_IMAGE_BYTES = 200 * 1024 * 1024;
/** Beyond this the decode would take gigabytes; sharp's own limit is lifted below it. */
export const MAX_IMAGE_PIXELS = 1_000_000_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;

export interface LoadedImage {
  dataUrl: string;
  /** Bytes of the encoded JPEG that is uploaded. */
  byteLength: number;
  /** The size sent to the model. */
  width: number;
  height: number;
  /** The size of the original, upright. */
  original: Size;
}

/** True for sources that are fetched rather than read from disk. */
export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

async function download(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
  } catch (cause) {
    if (signal?.aborted) throw new CheckError('aborted', 'The check was cancelled.', null, { cause });
    const why = timeout.aborted ? 'it took longer than a minute' : 'the site could not be reached';
    throw new CheckError('image', `The image at ${url} could not be downloaded (${why}). Check the URL.`, null, { cause });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new CheckError('image', `The image at ${url} could not be downloaded (HTTP ${response.status}). Check the URL.`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_IMAGE_BYTES) {
    await response.body?.cancel();
    throw new CheckError('image', `The image at ${url} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function readLocal(path: string, baseDir: string): Promise<Uint8Array> {
  const full = resolve(baseDir, path);
  try {
    return new Uint8Array(await readFile(full));
  } catch (cause) {
    const code = cause instanceof Error && 'code' in cause ? cause.code : null;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : 'it cannot be read';
    throw new CheckError('image', `The image ${full} could not be read (${why}). Check the path.`, null, { cause });
  }
}

/** The raw bytes of an image path (relative to `baseDir`) or http(s) URL. */
export async function readImageSource(source: string, baseDir: string, signal?: AbortSignal): Promise<Uint8Array> {
  return isUrl(source) ? download(source, signal) : readLocal(source, baseDir);
}

// Vector images have no pixel size of their own: render them so their longest edge meets the policy,
// as a browser would draw them at the size they are shown, instead of at a thumbnail's 72 dpi.
function svgDensity(size: Size): number {
  const scale = IMAGE_POLICY.maxEdge / Math.max(size.width, size.height);
  return Math.min(72 * 16, Math.max(72, 72 * scale));
}

/** Encodes image bytes as the JPEG data URL the model gets: upright, within the policy's longest edge, transparency on white. */
export async function encodeForModel(bytes: Uint8Array, label: string): Promise<LoadedImage> {
  const type = sniffImageType(bytes);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new CheckError('image', `${label} is not an image sharp can read (${type ?? 'unknown format'}).`, null, { cause });
  }
  const original: Size = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (!original.width || !original.height) throw new CheckError('image', `${label} has no readable size.`);
  if (isTooSmall(original))
    throw new CheckError(
      'image',
      `${label} is ${original.width}×${original.height} pixels, too small to check (an icon or a tracker pixel). Pass the picture itself.`,
    );
  if (original.width * original.height > MAX_IMAGE_PIXELS)
    throw new CheckError('image', `${label} has ${Math.round((original.width * original.height) / 1e6)} megapixels, more than can be decoded.`);
  const density = meta.format === 'svg' ? svgDensity(original) : null;
  const input = density ? sharp(bytes, { density }) : sharp(bytes, { limitInputPixels: false });
  const rendered = density ? { width: Math.round((original.width * density) / 72), height: Math.round((original.height * density) / 72) } : original;
  const target = fitWithin(rendered, IMAGE_POLICY.maxEdge);
  try {
    const { data, info } = await input
      .rotate()
      .resize({ width: target.width, height: target.height, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#fff' })
      .jpeg({ quality: Math.round(IMAGE_POLICY.quality * 100) })
      .toBuffer({ resolveWithObject: true });
    return {
      dataUrl: `data:${IMAGE_POLICY.mimeType};base64,${data.toString('base64')}`,
      byteLength: data.byteLength,
      width: info.width,
      height: info.height,
      original,
    };
  } catch (cause) {
    throw new CheckError('image', `${label} could not be decoded; it may be broken or truncated.`, null, { cause });
  }
}

/** Reads and sizes the image of a check: a path (relative to `baseDir`) or an http(s) URL. */
export async function loadImage(source: string, options: { baseDir?: string; signal?: AbortSignal } = {}): Promise<LoadedImage> {
  const baseDir = options.baseDir ?? process.cwd();
  const bytes = await readImageSource(source, baseDir, options.signal);
  return encodeForModel(bytes, isUrl(source) ? `The image at ${source}` : `The image ${resolve(baseDir, source)}`);
}
