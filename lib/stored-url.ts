// A page chooses its image URLs: a `data:` URL can carry megabytes, and any URL can be long. What a
// check stores (session storage, history, exports) is capped, so one page cannot fill the storage.
import type { CheckJob } from './job-record';

/** The longest URL kept whole in a stored check; longer ones are cut with a marker. */
export const MAX_STORED_URL_CHARS = 2048;

function sizeText(chars: number): string {
  // Base64 holds 3 bytes in 4 characters.
  const bytes = Math.round((chars * 3) / 4);
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

/** A URL as stored: a `data:` URL becomes a short description of itself, any other is cut to the cap. */
export function storedUrl(url: string): string {
  if (/^data:/i.test(url)) {
    const type = /^data:([\w.+-]{1,40}\/[\w.+-]{1,60})/i.exec(url)?.[1] ?? 'unknown type';
    return `data:${type} (inline image, ${sizeText(url.length)}, not kept)`;
  }
  return url.length > MAX_STORED_URL_CHARS ? `${url.slice(0, MAX_STORED_URL_CHARS)}…(cut)` : url;
}

/** The check as it is stored: image and page URLs capped, everything else as it is. */
export function storableJob(job: CheckJob): CheckJob {
  const imageUrl = storedUrl(job.imageUrl);
  const pageUrl = storedUrl(job.pageUrl);
  return imageUrl === job.imageUrl && pageUrl === job.pageUrl ? job : { ...job, imageUrl, pageUrl };
}
