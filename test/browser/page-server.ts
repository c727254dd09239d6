import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface Page {
  body: string | Buffer;
  type: string;
  headers?: Record<string, string>;
  /** Answer this much later (a slow image, to catch code that reads before it has loaded). */
  delayMs?: number;
}

export interface PageServer {
  origin: string;
  /** Adds or replaces what a path serves. */
  route(path: string, page: Page): void;
  close(): Promise<void>;
}

/** A photo-like test picture of a given size, so the bytes the model receives can be checked. */
export async function makeJpeg(width: number, height: number, color = { r: 230, g: 140, b: 40 }): Promise<Buffer> {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="rgb(${color.r},${color.g},${color.b})"/>` +
      `<circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 5}" fill="#fff"/>` +
      `<rect x="${width / 2}" y="${height / 4}" width="${width / 4}" height="${height / 2}" fill="#333"/></svg>`,
  );
  return sharp(stripes).jpeg({ quality: 90 }).toBuffer();
}

/** An HTML page with a `<figure>` around one image and its caption. */
export function figurePage(imageSrc: string, caption: string, extra = ''): Page {
  return {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test page</title></head><body>
<h1>Test article</h1>
<figure id="fig"><img id="photo" src="${imageSrc}" alt="A test photo" width="600" height="450"><figcaption>${caption}</figcaption></figure>
${extra}
</body></html>`,
  };
}

/** A loopback web server for the pages the browser tests open. */
export async function startPageServer(): Promise<PageServer> {
  const routes = new Map<string, Page>();
  const server: Server = createServer((req, res) => {
    const page = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const answer = () => res.writeHead(200, { 'content-type': page.type, 'cache-control': 'no-store', ...page.headers }).end(page.body);
    if (page.delayMs) setTimeout(answer, page.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // "localhost" rather than 127.0.0.1, so the model server (127.0.0.1) is another origin.
    origin: `http://localhost:${port}`,
    route: (path, page) => routes.set(path, page),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A flat picture of one colour, so the colour the model received tells which image was sent. */
export async function makeSolid(
  width: number,
  height: number,
  color: { r: number; g: number; b: number },
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** An HTML page from a body fragment. */
export function htmlPage(body: string): Page {
  return {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test page</title></head><body>${body}</body></html>`,
  };
}
