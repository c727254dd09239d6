// Sized images by source for a batch: a file checked with many captions is read and sized once,
// and only the last few are kept.
import { resolve } from 'node:path';
import { isUrl, loadImage, type LoadedImage } from './image';

/** A loader that shares one sizing per source among the items in flight, keeping at most `size` entries. */
export function imageCache(baseDir: string, signal: AbortSignal, size: number): (source: string) => Promise<LoadedImage> {
  const cache = new Map<string, Promise<LoadedImage>>();
  return (source: string): Promise<LoadedImage> => {
    const key = isUrl(source) ? source : resolve(baseDir, source);
    let entry = cache.get(key);
    if (!entry) {
      entry = loadImage(source, { baseDir, signal });
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
    }
    return entry;
  };
}
