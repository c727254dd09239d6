// npm run bench:captions — which caption the extension puts forward on real saved pages, measured
// the way a user meets it: the built extension in Chromium, nothing selected, the real menu entry
// point on the image, and the caption the chooser preselects (what Enter sends). Compared with two
// naive finders (the alt; the figure's caption else the alt) on a hand-written gold set.
// The AI-surface pages (test/ai-surfaces: chats, demos, notebooks, tables, arenas, posts) are measured beside them
// (slices ai-dev-tuning, ai-dev-check; ai-held-out, ai-held-out-2, ai-held-out-3, ai-held-out-4, ai-held-out-5, ai-held-out-6, ai-held-out-7, ai-held-out-8, ai-held-out-9, ai-held-out-10, ai-held-out-11, ai-held-out-12 and ai-held-out-13 only when named with --slice).
// `--list` prints the pages a run would measure (slice, page, images) and stops, without a browser.
//   CAPTION_CHECK_OUT_DIR=.output npx wxt build && npm run bench:captions [-- --verbose] [-- --offers] [-- --list] [-- --page NAME | --slice development|development-2|held-out|held-out-2|held-out-3|held-out-4|ai-dev|ai-dev-tuning|ai-dev-check|ai-held-out|ai-held-out-2|ai-held-out-3|ai-held-out-4|ai-held-out-5|ai-held-out-6|ai-held-out-7|ai-held-out-8|ai-held-out-9|ai-held-out-10|ai-held-out-11|ai-held-out-12|ai-held-out-13 | --skip-slice NAME]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { readChooser, type ChooserView } from '../test/browser/chooser-driver';
import { clickMenu, configureEndpoint, currentWorker, grantActiveTab, launchWithExtension, tabIdOf, type LoadedExtension } from '../test/browser/extension';
import { dialogBox, gapBetween, shareInView, type Box } from '../test/browser/on-screen';
import { makeJpeg, startPageServer } from '../test/browser/page-server';
import { startModelServer } from '../test/server/openai-server';
import { captionMatches, creditLeaks, summarize, type Outcome } from './caption-metrics';
import { offeredNever, readSurfacePages, summarizeSurfaces, wrongPick, type SurfaceOutcome } from './ai-surfaces-gold';
import { readRealPagesGold, REALPAGES_DIR } from './realpages-gold';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
/** `--offers`: every AI-surface image's list as the chooser shows it, missed or not. */
const offersAll = args.includes('--offers');
const only = args.includes('--page') ? args[args.indexOf('--page') + 1] : undefined;
/** `--slice development` measures the pages rules may be written from without touching a held-out set. */
const onlySlice = args.includes('--slice') ? args[args.indexOf('--slice') + 1] : undefined;
/** `--skip-slice held-out-4` measures everything but a slice kept unread until the end. */
const skipSlice = args.includes('--skip-slice') ? args[args.indexOf('--skip-slice') + 1] : undefined;

/**
 * What scripts on the live site would have done before a user right-clicks: lazy images get their real URL,
 * and a page hidden whole until its script runs (an anti-framing guard, `html { display: none }`) is shown,
 * as a user only ever right-clicks a page they can see.
 */
function wakeLazyImages(): void {
  if (getComputedStyle(document.documentElement).display === 'none') document.documentElement.style.setProperty('display', 'block', 'important');
  for (const img of Array.from(document.images)) {
    // `data-lg` … `data-xs`: responsive lazy loaders that pick one size by breakpoint; the largest stands for them.
    // Else a loader's own `data-…-src` (`data-dejavu-src`), as its script would read it.
    const lazy =
      ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src', 'data-lg'].map((a) => img.getAttribute(a)).find(Boolean) ??
      Array.from(img.attributes).find((a) => /^data-[\w-]*-src$/.test(a.name) && !/fallback/.test(a.name) && a.value)?.value;
    const src = img.getAttribute('src') ?? '';
    if (lazy && (!src || src.startsWith('data:') || /(?:blank|spacer|placeholder|lazy|loading|grey|gray|pixel|transparent)\.(?:gif|png|jpg|svg)/i.test(src))) img.setAttribute('src', lazy);
    const lazySet = img.getAttribute('data-srcset') ?? img.getAttribute('data-lazy-srcset');
    if (lazySet) img.setAttribute('srcset', lazySet);
    img.loading = 'eager';
  }
  // A <picture>'s <source> whose srcset is a placeholder would win over the woken <img>: wake it too.
  for (const source of Array.from(document.querySelectorAll('picture > source'))) {
    const lazySet = Array.from(source.attributes).find((a) => /^data-(?:[\w-]*-)?srcset$/.test(a.name) && a.value)?.value;
    const set = source.getAttribute('srcset') ?? '';
    if (lazySet && (!set || set.trim().startsWith('data:'))) source.setAttribute('srcset', lazySet);
  }
}

/** Finds the gold image, scrolls to it, and reads what the naive finders would take. */
function locate(piece: string): { src: string; alt: string; figcaption: string } | null {
  // No helper functions in here: the bundler would name them with a global the page does not have.
  // "#id" names a picture whose URL is no help (a notebook's data: output).
  // Else a picture in an open shadow root (a chat widget drawn as a web component).
  const img = piece.startsWith('#')
    ? document.querySelector<HTMLImageElement>(`img${piece}`) ?? Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : [])).find((i) => i.id === piece.slice(1))
    : Array.from(document.images).find((i) => ['src', 'data-src', 'data-lazy-src', 'data-original', 'srcset'].some((a) => (i.getAttribute(a) ?? '').includes(piece))) ?? Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : [])).find((i) => ['src', 'data-src', 'data-lazy-src', 'data-original', 'srcset'].some((a) => (i.getAttribute(a) ?? '').includes(piece)));
  if (!img) return null;
  img.scrollIntoView({ block: 'center' });
  return {
    src: img.currentSrc || img.src,
    alt: (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim(),
    figcaption: (img.closest('figure')?.querySelector('figcaption')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
  };
}

/**
 * The toolbar must open the popup (Options' choice) for its click to grant activeTab; set it here, as a
 * user would, so the shared helper finds it set (its own wait needs the test runner, which a script lacks).
 */
async function toolbarOpensPopup(ext: LoadedExtension): Promise<void> {
  const worker = await currentWorker(ext);
  await worker.evaluate(async () => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings as object), toolbarOpens: 'popup' } });
  });
  for (let tries = 0; !(await worker.evaluate(async () => (await chrome.action.getPopup({})) !== '')); tries++) {
    if (tries > 150) throw new Error('The toolbar did not switch to the popup');
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Waits (a plain loop: the test helpers poll with vitest's expect.poll, which throws outside the test runner)
 * until `read` gives a value, or null after `timeoutMs`.
 */
async function waitFor<T>(read: () => Promise<T | null>, timeoutMs: number): Promise<T | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null || Date.now() > until) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function main(): Promise<void> {
  const gold = readRealPagesGold();
  const sliceOfPage = (name: string) => gold.pages[name]?.slice ?? (gold.pages[name]?.heldOut ? 'held-out' : 'development');
  const jobs = [
    ...Object.keys(gold.pages).map((name) => ({ name, file: resolve(REALPAGES_DIR, 'pages', `${name}.html`), slice: sliceOfPage(name), surface: null, items: gold.images.filter((i) => i.page === name) })),
    ...['dev', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7', 'held-out-8', 'held-out-9', 'held-out-10', 'held-out-11', 'held-out-12', 'held-out-13'].flatMap(readSurfacePages).map((p) => ({ ...p, surface: p, items: p.images.map((i) => ({ ...i, credit: undefined })) })),
  ].filter((job) => {
    // The held-out AI-surface pages are measured only when asked for by name: they stay unread until the end.
    // `--slice ai-dev` takes both halves of the development pages; `--slice ai-held-out` takes none of ai-held-out-2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, and `--slice ai-held-out-1` takes none of ai-held-out-10, -11, -12, -13.
    const named = job.slice === onlySlice || (!!onlySlice?.startsWith('ai-') && !job.slice.startsWith('ai-held-out') && job.slice.startsWith(`${onlySlice}-`));
    if ((only && job.name !== only) || (onlySlice && !named) || job.slice === skipSlice || (job.slice.startsWith('ai-held-out') && !named)) return false;
    return job.items.length > 0;
  });
  if (args.includes('--list')) {
    for (const job of jobs) console.log(`${job.slice}\t${job.name}\t${job.items.length} images`);
    return;
  }
  const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
  const photo = await makeJpeg(640, 480);
  await configureEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'bench-vlm' });
  await toolbarOpensPopup(ext);
  // Offline: every image of the original sites is a local stand-in; stylesheets, fonts and frames stay missing.
  // A page-relative image URL (`/assets/logo.svg`, or under `<base href="/">`) lands on the page server, which
  // knows only the pages: it gets the stand-in too, or it would be a broken image unlike its absolute neighbours.
  await ext.context.route(
    (url) => /^https?:/.test(url.protocol),
    (route) => {
      const local = route.request().url().startsWith(pages.origin);
      if (route.request().resourceType() === 'image') return route.fulfill({ contentType: 'image/jpeg', body: photo });
      return local ? route.continue() : route.abort();
    },
  );
  const outcomes: Outcome[] = [];
  const surfaceOutcomes: (SurfaceOutcome & { slice: string })[] = [];
  // Where the dialog opened: on screen (≥ 90% of it in the viewport) and by the image (≤ 64 px from its box).
  const placements: { onScreen: boolean; gap: number; ai: boolean }[] = [];
  let unseen = 0;
  try {
    for (const job of jobs) {
      const { name, items } = job;
      pages.route(`/${name}.html`, { type: 'text/html; charset=utf-8', body: readFileSync(job.file) });
      const page: Page = await ext.context.newPage();
      await page.goto(`${pages.origin}/${name}.html`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(wakeLazyImages);
      await page.waitForLoadState('load', { timeout: 15_000 }).catch(() => undefined);
      const tabId = await tabIdOf(ext, page);
      await grantActiveTab(ext, page);
      for (const [index, item] of items.entries()) {
        const surfaceGold = job.surface?.images[index];
        const found = await page.evaluate(locate, item.img);
        if (!found) throw new Error(`${name}: no image matches "${item.img}"`);
        await page.waitForFunction((src) => Array.from(document.images).some((i) => (i.currentSrc || i.src) === src && i.complete) || Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : [])).some((i) => (i.currentSrc || i.src) === src && i.complete), found.src, { timeout: 10_000 }).catch(() => undefined);
        // A person right-clicks an image they see: where scrolling could not bring it into view, placement is not measured.
        const inView = await page.evaluate((src) => {
          const r = (Array.from(document.images).find((i) => (i.currentSrc || i.src) === src) ?? Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : [])).find((i) => (i.currentSrc || i.src) === src))?.getBoundingClientRect();
          return !!r && r.bottom > 0 && r.top < innerHeight && r.width > 0;
        }, found.src);
        await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: found.src, pageUrl: page.url() });
        // A read that fails (the page busy under load) is one more "not yet", not the end of the whole run.
        const view: ChooserView | null = await waitFor(() => readChooser(page).catch(() => null), 20_000);
        if (!view) {
          // Counted as nothing put forward: what the user saw instead is on the toolbar badge.
          const worker = await currentWorker(ext);
          const left = await worker.evaluate(
            async (id) => ({ badge: await chrome.action.getBadgeText({ tabId: id }), job: (await chrome.storage.session.get(`check:${id}`))[`check:${id}`] as { error?: { message?: string } | null } | undefined }),
            tabId,
          );
          console.log(`! ${name} ${item.img}: the caption chooser did not open (badge "${left.badge}"${left.job?.error ? `: ${left.job.error.message}` : ''})`);
          if (job.surface && surfaceGold) {
            surfaceOutcomes.push({ page: name, surface: job.surface.surface, slice: job.slice, gold: surfaceGold, ours: '', labelled: [] });
            continue;
          }
          outcomes.push({ page: name, heldOut: gold.pages[name]?.heldOut ?? false, img: item.img, gold: item.caption, goldCredit: item.credit ?? '', ours: '', offered: [], shownCredit: '', alt: found.alt, figcaptionElseAlt: found.figcaption || found.alt });
          continue;
        }
        const dialog = await dialogBox(page).catch(() => null);
        const image = await page.evaluate((src) => {
          const img = Array.from(document.images).find((i) => (i.currentSrc || i.src) === src) ?? Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : [])).find((i) => (i.currentSrc || i.src) === src);
          const r = img?.getBoundingClientRect();
          const viewport = { width: document.documentElement.clientWidth || innerWidth, height: Math.min(innerHeight, document.documentElement.clientHeight || innerHeight) };
          return r ? { box: { left: r.left, top: r.top, width: r.width, height: r.height }, viewport } : null;
        }, found.src);
        if (!inView) unseen += 1;
        else if (dialog && image) {
          const placed = { onScreen: shareInView(dialog, image.viewport) >= 0.9, gap: gapBetween(dialog, image.box as Box), ai: !!job.surface };
          placements.push(placed);
          if (verbose && !(placed.onScreen && placed.gap <= 64)) console.log(`✗ dialog ${name} ${item.img}: ${JSON.stringify({ dialog, image })}`);
        }
        const offered = view.candidates.map((c) => c.replace(/^[^:]*\)?: /, ''));
        const credit = view.text.find((line) => line.startsWith('Credit: ')) ?? '';
        await page.keyboard.press('Escape');
        if (!(await waitFor(async () => ((await readChooser(page)) === null ? true : null), 10_000))) throw new Error(`${name}: the chooser did not close on Escape`);
        if (job.surface && surfaceGold) {
          const outcome = { page: name, surface: job.surface.surface, slice: job.slice, gold: surfaceGold, ours: view.caption, labelled: view.candidates };
          surfaceOutcomes.push(outcome);
          if (verbose && (!captionMatches(view.caption, surfaceGold.caption) || wrongPick(outcome)))
            console.log(`✗ ${name} ${item.img}\n   gold: ${surfaceGold.caption}\n   ours: ${view.caption}\n   offered: ${view.candidates.join(' | ').slice(0, 400)}`);
          else if (offersAll) console.log(`· ${name} ${item.img}\n   ours: ${view.caption}\n   offered: ${view.candidates.join(' | ').slice(0, 1200)}`);
          if (verbose && captionMatches(view.caption, surfaceGold.caption) && !wrongPick(outcome) && offeredNever(outcome).length) console.log(`△ ${name} ${item.img} offers what must never be preselected:\n   ${offeredNever(outcome).join('\n   ')}\n   offered: ${view.candidates.join(' | ').slice(0, 1200)}`);
          continue;
        }
        const outcome: Outcome = {
          page: name,
          heldOut: gold.pages[name]?.heldOut ?? false,
          img: item.img,
          gold: item.caption,
          goldCredit: item.credit ?? '',
          ours: view.caption,
          offered,
          shownCredit: credit,
          alt: found.alt,
          figcaptionElseAlt: found.figcaption || found.alt,
        };
        outcomes.push(outcome);
        if (verbose && (!captionMatches(outcome.ours, item.caption) || creditLeaks(outcome.ours, outcome.goldCredit)))
          console.log(`✗ ${name} ${item.img}\n   gold: ${item.caption}\n   ours: ${view.caption}\n   offered: ${offered.join(' | ').slice(0, 300)}`);
      }
      await page.close();
    }
  } finally {
    await Promise.all([ext.close(), model.close(), pages.close()]);
  }
  const sliceOf = (o: Outcome) => gold.pages[o.page]?.slice ?? (o.heldOut ? 'held-out' : 'development');
  for (const [label, slice] of [
    ['development pages', outcomes.filter((o) => sliceOf(o) === 'development')],
    ['held-out pages (set aside first)', outcomes.filter((o) => sliceOf(o) === 'held-out')],
    // Later held-out slices each on their own line, in name order (held-out-2, held-out-3 …).
    ...[...new Set(outcomes.map(sliceOf))]
      .filter((name) => name !== 'development' && name !== 'held-out')
      .sort()
      .map((name) => [`${name} pages`, outcomes.filter((o) => sliceOf(o) === name)] as const),
  ] as const) {
    if (!slice.length) continue;
    const pagesIn = new Set(slice.map((o) => o.page)).size;
    console.log(`\n${label}: ${pagesIn} pages, ${slice.filter((o) => o.gold).length} captioned + ${slice.filter((o) => !o.gold).length} captionless images`);
    console.log(summarize(slice));
  }
  for (const slice of [...new Set(surfaceOutcomes.map((o) => o.slice))].sort()) {
    const inSlice = surfaceOutcomes.filter((o) => o.slice === slice);
    console.log(`\n${slice} pages: ${new Set(inSlice.map((o) => o.page)).size} pages, ${inSlice.filter((o) => o.gold.caption !== null).length} captioned + ${inSlice.filter((o) => o.gold.caption === null).length} captionless images`);
    console.log(summarizeSurfaces(inSlice));
  }
  // Articles and AI surfaces on their own lines, so the article figure stays comparable with earlier runs.
  for (const [kind, placed] of [['article pages', placements.filter((p) => !p.ai)], ['AI-surface pages', placements.filter((p) => p.ai)]] as const) {
    if (!placed.length) continue;
    const gaps = placed.map((p) => p.gap).sort((a, b) => a - b);
    const near = placed.filter((p) => p.onScreen && p.gap <= 64).length;
    console.log(
      `\ncaption dialog (${kind}): on screen (≥ 90% in view) and ≤ 64 px from its image for ${near} of ${placed.length} images; ` +
        `median gap ${Math.round(gaps[Math.floor(gaps.length / 2)] ?? 0)} px, largest ${Math.round(gaps.at(-1) ?? 0)} px` +
        (unseen && kind === 'article pages' ? ` (${unseen} not measured: the image stayed out of view when scrolled to)` : ''),
    );
  }
}

await main();
