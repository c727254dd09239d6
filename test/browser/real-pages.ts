// Saved real pages (test/realpages/pages, see its README for where they come from and their licences)
// served to the browser tests offline: the page from the page server, every image of the original sites a
// local stand-in picture, anything else from those sites refused (stylesheets, fonts and frames stay missing).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadedExtension } from './extension';
import { makeJpeg, type PageServer } from './page-server';

const PAGES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../realpages/pages');

/**
 * Serves every remote image as one stand-in photo and refuses other remote requests, for the whole browser
 * context (page and popup alike); the page server's own URLs pass. Returns the function that undoes it.
 */
export async function offlineImages(ext: LoadedExtension, pages: PageServer): Promise<() => Promise<void>> {
  const photo = await makeJpeg(640, 427, { r: 96, g: 120, b: 150 });
  const remote = (url: URL) => /^https?:$/.test(url.protocol) && url.origin !== pages.origin && url.hostname !== '127.0.0.1';
  const handler = (route: Parameters<Parameters<LoadedExtension['context']['route']>[1]>[0]) =>
    route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/jpeg', body: photo }) : route.abort();
  await ext.context.route(remote, handler);
  return () => ext.context.unroute(remote, handler);
}

/** Serves the saved page `name` (UTF-8) on the page server; its URL. */
export function realPage(pages: PageServer, name: string): string {
  pages.route(`/${name}.html`, { type: 'text/html; charset=utf-8', body: readFileSync(resolve(PAGES_DIR, `${name}.html`)) });
  return `${pages.origin}/${name}.html`;
}

/**
 * Serves the saved page `name` with each <img>'s remote `src` rewritten to a picture of its own on the page
 * server (a colour per image, same origin, so the page can read it as on the live site with CORS), and
 * its `srcset` dropped: what a check of the whole page needs. The page's URL and the colour of each picture, in order.
 */
export async function realPageWithLocalImages(pages: PageServer, name: string): Promise<{ url: string; colors: { r: number; g: number; b: number }[] }> {
  const colors: { r: number; g: number; b: number }[] = [];
  // A <picture>'s <source>s would still name the remote files: they go, and the <img> inside shows.
  const html = readFileSync(resolve(PAGES_DIR, `${name}.html`), 'utf8').replace(/<source\b[^>]*>/gi, '').replace(/<img\b[^>]*>/gi, (tag) =>
    tag.replace(/\ssrcset="[^"]*"/gi, '').replace(/\ssrc="https?:\/\/[^"]*"/i, () => {
      const n = colors.push({ r: (53 * (colors.length + 1)) % 200 + 30, g: (97 * (colors.length + 1)) % 200 + 30, b: (151 * (colors.length + 1)) % 200 + 30 });
      return ` src="/real-image-${n}.jpg"`;
    }),
  );
  await Promise.all(colors.map(async (color, i) => pages.route(`/real-image-${i + 1}.jpg`, { type: 'image/jpeg', body: await makeJpeg(800, 533, color) })));
  // The site's stylesheet (not saved) keeps its pictures within the column; without it a width="2500" photo is 2500 px wide.
  pages.route(`/${name}.html`, { type: 'text/html; charset=utf-8', body: html.replace(/<\/head>/i, '<style>img { max-width: 100%; height: auto; }</style></head>') });
  return { url: `${pages.origin}/${name}.html`, colors };
}
