// The claims of PRIVACY.md that no other suite pins down (its table names every test it relies on):
// what one check sends the endpoint, and which hosts the packaged code could ever contact.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PROMPT, buildUserPrompt } from '@/lib/verify/prompt';
import type { ModelServer } from '../server/openai-server';
import { currentWorker, EXTENSION_DIR, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { installStub, stubLog } from './prompt-stub';
import { patchSettings } from './results-flow';
import { checkImage, finishedJob, openGranted } from './run-check';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';
// Unique words the page holds besides the image and its caption: none may reach the endpoint.
const PAGE_ONLY = ['TitleWord7c1e', 'ParagraphWord4b2d', 'CookieWord9a3f', 'PathWord5e8c', 'StorageWord2d6a'];

describe('what a check sends', () => {
  const suite = browserSuite();
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo-PathWord5e8c.jpg', { type: 'image/jpeg', body: await makeJpeg(2400, 1600) });
    pages.route('/large-4000.jpg', { type: 'image/jpeg', body: await makeJpeg(4000, 3000) });
    pages.route('/large-4000.html', figurePage('/large-4000.jpg', CAPTION));
    pages.route('/article-PathWord5e8c.html', {
      type: 'text/html; charset=utf-8',
      headers: { 'set-cookie': 'session=CookieWord9a3f; Path=/' },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>News TitleWord7c1e</title></head><body>
<p>Before the picture: ParagraphWord4b2d.</p>
<figure><img src="/photo-PathWord5e8c.jpg" alt="A photo" width="600" height="400"><figcaption>${CAPTION}</figcaption></figure>
<script>localStorage.setItem('note', 'StorageWord2d6a')</script>
</body></html>`,
    });
  });

  it('one request to the configured endpoint: the instructions, the claims and the image as a JPEG of at most 1024 px; nothing else of the page', async () => {
    model.reset();
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article-PathWord5e8c.html?q=PathWord5e8c`);
    await checkImage(ext, page, tabId, `${pages.origin}/photo-PathWord5e8c.jpg`);
    const job = await finishedJob(ext, tabId);
    expect(job.status).toBe('done');
    // The page did hold every word (the cookie was set, the script ran) before the check.
    expect(await page.evaluate(() => `${document.title} ${document.body.innerText} ${document.cookie} ${localStorage.getItem('note')} ${location.href}`)).toSatisfy(
      (text: string) => PAGE_ONLY.every((word) => text.includes(word)),
    );

    const chats = model.requests.filter((r) => r.method === 'POST');
    expect(chats).toHaveLength(1);
    const [request] = chats;
    expect(`${model.origin}${request!.path}`).toBe(`${model.baseUrl}/chat/completions`);
    expect(request!.image).toMatchObject({ mimeType: 'image/jpeg' });
    expect([request!.image!.width, request!.image!.height]).toEqual([900, 600]); // 2400×1600 decoded at 3/8, within 1024 px
    expect(request!.claims).toEqual(['Two orange cats sit on a sofa.', 'A dog sleeps under the table.']);

    // The text the model reads is exactly the fixed instructions and the numbered claims.
    const body = request!.body as { messages: { role: string; content: string | { type: string; text?: string }[] }[] };
    const texts = body.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.flatMap((part) => (part.text ? [part.text] : []))));
    expect(texts).toEqual([SYSTEM_PROMPT, buildUserPrompt(request!.claims)]);
    const sent = JSON.stringify({ body: request!.body, headers: request!.headers });
    for (const word of PAGE_ONLY) expect(sent, word).not.toContain(word);
    expect(sent).not.toContain(pages.origin);
    expect(request!.headers.cookie).toBeUndefined();
    await page.close();
  });

  // PRIVACY.md: "at most 1024 pixels … (up to 2048 if you choose a larger size in Options)".
  it('with the largest image size Options offers (2048 px), a 4000×3000 image arrives at most 2048 px (2000×1500)', async () => {
    model.reset();
    await patchSettings(ext, { maxImageEdge: 2048 });
    try {
      const { page, tabId } = await openGranted(ext, `${pages.origin}/large-4000.html`);
      await checkImage(ext, page, tabId, `${pages.origin}/large-4000.jpg`);
      expect((await finishedJob(ext, tabId)).status).toBe('done');
      const [request] = model.requests.filter((r) => r.method === 'POST');
      expect([request!.image!.width, request!.image!.height, request!.image!.mimeType]).toEqual([2000, 1500, 'image/jpeg']);
      await page.close();
    } finally {
      await patchSettings(ext, { maxImageEdge: 1024 });
    }
  });
});

/** Hosts the packaged code names, each with why it is there. Anything else fails the test. */
const KNOWN_HOSTS: Record<string, string> = {
  'api.openai.com': 'the OpenAI preset in Options (used only when the user picks it)',
  'openrouter.ai': 'the OpenRouter preset in Options (used only when the user picks it)',
  localhost: 'the Ollama, LM Studio and vLLM presets (servers on the user’s own machine)',
  'auth.openai.com': 'the openai SDK’s workload-identity token exchange, used only when a client is built with such credentials; Caption Check builds it with an API key',
  'www.w3.org': 'XML namespace names (SVG, MathML) in React DOM, never fetched',
  'json-schema.org': 'JSON Schema $schema names in zod, never fetched',
  'react.dev': 'React’s error-message links, shown only in an error text',
  'platform.openai.com': 'a documentation link in an openai SDK error text',
  'help.openai.com': 'a documentation link in an openai SDK error text',
  'wxt.dev': 'a documentation link in a WXT error text',
  'github.com': 'a WXT issue link in an error text',
  'docs.expo.dev': 'a documentation link in an openai SDK error text',
};

describe('the packaged code', () => {
  it('names no host but the endpoint presets and documentation links: no analytics, no remote code', async () => {
    const files = (await readdir(EXTENSION_DIR, { recursive: true })).filter((f) => /\.(js|html|json)$/.test(f));
    expect(files).toContain('background.js');
    const hosts = new Map<string, string>();
    for (const file of files) {
      const text = await readFile(join(EXTENSION_DIR, file), 'utf8');
      for (const match of text.matchAll(/\b(?:https?|wss?):\/\/([a-z0-9][a-z0-9.-]*)/gi)) hosts.set(match[1]!.toLowerCase(), file);
    }
    expect([...hosts.keys()]).toContain('api.openai.com'); // the scan reads the bundles
    expect([...hosts].filter(([host]) => !(host in KNOWN_HOSTS)).map(([host, file]) => `${host} in ${file}`)).toEqual([]);
    // Every script the pages load is in the package: no <script src> to another origin.
    for (const page of files.filter((f) => f.endsWith('.html'))) {
      const html = await readFile(join(EXTENSION_DIR, page), 'utf8');
      for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) expect(src, page).toMatch(/^\/(?!\/)/);
    }
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    // MV3's default policy (script-src 'self') stands: no policy of our own that would loosen it.
    expect(manifest.content_security_policy).toBeUndefined();
  });
});

describe('the on-device model', () => {
  const suite = browserSuite();

  it('with an endpoint configured but the on-device model chosen, a check sends the endpoint nothing', async () => {
    const { ext, model, pages } = suite;
    pages.route('/cats.jpg', { type: 'image/jpeg', body: await makeJpeg(800, 600, { r: 40, g: 90, b: 200 }) });
    pages.route('/cats.html', figurePage('/cats.jpg', CAPTION));
    await patchSettings(ext, { provider: 'builtin' });
    await installStub(await currentWorker(ext), {});
    model.reset();
    const { page, tabId } = await openGranted(ext, `${pages.origin}/cats.html`);
    await checkImage(ext, page, tabId, `${pages.origin}/cats.jpg`);
    const job = await finishedJob(ext, tabId);
    expect(job.status).toBe('done');
    // The on-device model answered every claim: the check happened, just not over the network.
    const prompts = (await stubLog(await currentWorker(ext))).filter((e) => e.call === 'prompt' && e.outcome === 'answered');
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts[0]?.image).toMatchObject({ kind: 'Blob', type: 'image/jpeg' });
    expect(model.requests).toEqual([]);
    await page.close();
  });
});
