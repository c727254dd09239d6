// Short names a person recognises for the URLs a check records: the image's file name, the page's site.

/** The last part of a URL's path, decoded ("harbour.jpg"), else its host, else the URL as given. */
export function fileNameOf(url: string): string {
  try {
    const { pathname, host } = new URL(url);
    const last = pathname.split('/').filter(Boolean).pop();
    return last ? safeDecode(last) : host || url;
  } catch {
    return url;
  }
}

/** The host (and port) a URL names; null when it does not parse or names none. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** The host a page URL names ("news.example.com"), or the URL itself when it has none. */
export function hostNameOf(url: string): string {
  return hostOf(url) ?? url;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
