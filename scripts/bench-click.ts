/**
 * Menu click → model request, in headless Chromium with the built extension, measured the way a user
 * meets it: each run checks a photo the browser has never checked (new bytes, new URL, its own page,
 * loaded, decoded and painted before the click), and the limit is measured beside it, in the same page and run —
 * the same file read from the HTTP cache and decoded by ImageDecoder at 1000 px wide, what any check of
 * it must do at least. Used by scripts/bench.ts; also runs on its own:
 *
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx wxt build && CAPTION_CHECK_OUT_DIR=.output-bench npx tsx scripts/bench-click.ts [--runs 11] [--one-core] [--beside popup|panel]
 *
 * --one-core runs the whole browser on one CPU core (taskset -c 0: a machine at half speed; DevTools' CPU
 * throttling reaches pages only, not the extension's worker). --beside keeps the popup (for the checked tab)
 * or the side panel's page open during each check, as a fact-checker works.
 * The span: from the menu click event firing in the worker, with the caption already selected (so no dialog
 * waits for the user), to the request's arrival at the model server, both on the system clock. The click and
 * the limit each come once the browser's processes are idle (process-cpu.ts, untilIdle). The steps
 * between are the extension's own marks (lib/step-marks.ts), read from the worker and the page's isolated
 * world once the request is in; the CPU time of each kind of browser process is read beside both spans.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { ModelServer, RecordedRequest } from '../test/server/openai-server.ts';
import { clickMenu, currentWorker, type LoadedExtension } from '../test/browser/extension.ts';
import type { PageServer } from '../test/browser/page-server.ts';
import { clearVerdictCache, finishedJob, selectText } from '../test/browser/run-check.ts';
import { controlWorker } from '../test/browser/worker-control.ts';
import { article, openShownPhoto } from './photo-page.ts';
import type { StepMark } from '../lib/step-marks.ts';
import { cpuBetween, cpuLine, oneCoreChromium, readCpu, untilIdle, type CpuByKind } from './process-cpu.ts';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * A camera-like JPEG (a gradient scene under grain). `variant` moves the colours and shapes, and the grain
 * is random at every call, so no two calls give the same bytes. 12 MP at grain 20: ~3–4 MB, like a camera file.
 */
export async function cameraJpeg(width = 4000, height = 3000, variant = 0, grain = 20, exifBytes = 0): Promise<Buffer> {
  const hue = (variant * 47) % 360;
  const at = (share: number) => ((share + variant * 0.07) % 0.6) + 0.2;
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},57%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 160) % 360},87%,67%)"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * at(0.13)}" cy="${height * at(0.3)}" r="${height * 0.23}" fill="hsl(${(hue + 60) % 360},75%,66%)"/>` +
      `<rect x="${width * at(0.38)}" y="${height * 0.27}" width="${width * 0.3}" height="${height * 0.53}" fill="hsl(${(hue + 200) % 360},37%,22%)"/></svg>`,
  );
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: grain } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const jpeg = await sharp(scene).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
  return withCameraHeader(jpeg, exifBytes);
}

/** An Exif block at its largest (a camera's maker notes and preview can fill it): the frame header then lies past the first 64 KB. */
export const CAMERA_EXIF_BYTES = 65_537;

/**
 * The JPEG with an APP1 Exif segment of `size` bytes after its start marker, as cameras and phones write
 * one (orientation 1, then maker notes and a preview thumbnail, here filler): the frame header then sits
 * that far into the file.
 */
export function withCameraHeader(jpeg: Buffer, size: number): Buffer {
  if (size <= 0) return jpeg;
  const length = Math.min(0xffff, Math.max(2 + 6 + 8 + 18, size - 2));
  const app1 = Buffer.alloc(2 + length);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(length, 2);
  app1.write('Exif\0\0', 4, 'latin1');
  const tiff = 10;
  app1.write('MM', tiff, 'latin1');
  app1.writeUInt16BE(42, tiff + 2);
  app1.writeUInt32BE(8, tiff + 4);
  app1.writeUInt16BE(1, tiff + 8); // one entry: Orientation (0x0112), SHORT, 1 value, 1 (as stored)
  app1.writeUInt16BE(0x0112, tiff + 10);
  app1.writeUInt16BE(3, tiff + 12);
  app1.writeUInt32BE(1, tiff + 14);
  app1.writeUInt16BE(1, tiff + 18);
  app1.writeUInt32BE(0, tiff + 22); // no next directory
  for (let i = tiff + 26; i < app1.length; i++) app1[i] = (i * 131) & 0xff;
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

export async function waitForRequest(model: ModelServer, deadlineMs = 30_000): Promise<RecordedRequest> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const request = model.requests.find((r) => r.image);
    if (request) return request;
    if (Date.now() > until) throw new Error('no verification request arrived');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Reads `url` (a picture of `size`) from the HTTP cache and decodes it at 1000 px wide with ImageDecoder,
 * in the page; ms. Both the width and the height are asked for: given the width alone, Chromium's
 * ImageDecoder decodes at full size (a 4000 px wide frame for a 12 MP JPEG).
 */
export async function decodeFloor(page: Page, url: string, size: { width: number; height: number }): Promise<number> {
  const desired = { desiredWidth: 1000, desiredHeight: Math.round((1000 * size.height) / size.width) };
  return page.evaluate(`(async () => {
    const start = performance.now();
    const bytes = await (await fetch(${JSON.stringify(url)}, { cache: 'force-cache' })).arrayBuffer();
    // The whole buffer, not the response stream: the stream feeds the decoder in small reads, slower.
    const decoder = new ImageDecoder({ data: bytes, transfer: [bytes], type: 'image/jpeg', ...${JSON.stringify(desired)} });
    const { image } = await decoder.decode();
    const took = performance.now() - start;
    if (image.codedWidth !== ${desired.desiredWidth}) throw new Error('the limit decoded at ' + image.codedWidth + ' px wide, not ${desired.desiredWidth}');
    image.close();
    decoder.close();
    return took;
  })()`);
}

/**
 * The extension's step marks from `since` to `until` (Date.now() times): the worker's, and the page's (from
 * its isolated world), first of each name. Each context's marks are put on the system clock by its own
 * offset, read beside them: a long-lived worker's time origin drifts from Date.now() by more than a step lasts.
 */
async function stepsBetween(ext: LoadedExtension, tabId: number, since: number, until: number): Promise<Map<string, number>> {
  const worker = await currentWorker(ext);
  // Source strings, not functions: tsx would wrap a function's inner functions in a helper the worker lacks.
  const marks = await worker.evaluate<StepMark[]>(`(async () => {
    const onClock = (marks, offset) => (marks ?? []).map(([name, at]) => [name, at + offset]);
    const here = onClock(globalThis[Symbol.for('caption-check:step-marks')], Date.now() - (performance.timeOrigin + performance.now()));
    const [page] = await chrome.scripting.executeScript({
      target: { tabId: ${tabId}, frameIds: [0] },
      func: (name) => ({ marks: globalThis[Symbol.for(name)] ?? [], offset: Date.now() - (performance.timeOrigin + performance.now()) }),
      args: ['caption-check:step-marks'],
    });
    return [...here, ...onClock(page?.result?.marks, page?.result?.offset ?? 0)];
  })()`);
  const first = new Map<string, number>();
  for (const [name, at] of marks.filter(([, at]) => at >= since - 1 && at <= until + 1).sort((a, b) => a[1] - b[1])) if (!first.has(name)) first.set(name, at - since);
  return first;
}

/**
 * One run: opens the image's page, waits until its picture is shown (decoded and painted), selects the caption and
 * clicks the menu item. `byThread`: the CPU is read per thread (scripts/bench-click-threads.ts). `coldWorker`: the
 * worker is stopped and started again before the click (as Chrome stops an idle one), so the click loads its engine.
 */
export async function clickOnce(ext: LoadedExtension, pages: PageServer, model: ModelServer, name: string, beside?: Beside, byThread = false, coldWorker = false) {
  model.reset();
  const { page, tabId } = await openShownPhoto(ext, pages, name);
  const view = beside ? await openBeside(ext, beside, tabId) : null;
  if (coldWorker) {
    const control = await controlWorker(ext);
    await control.stop();
    await control.start();
    await control.close();
  }
  await page.bringToFront();
  await selectText(page, '#cap');
  // The click comes once the browser has settled after opening the page, as the limit is measured once the
  // check has ended: what the opening leaves running (~30 ms of CPU in the first 100 ms) is neither's.
  await untilIdle();
  const before = readCpu(byThread);
  const clickedAt = await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/${name}`, pageUrl: page.url() });
  const request = await waitForRequest(model);
  const cpu = cpuBetween(before, readCpu(byThread));
  // The check ends before the next step: nothing of it runs beside the next timed span.
  const job = await finishedJob(ext, tabId, undefined, 60_000);
  await view?.close();
  return { page, tabId, clickedAt, request, job, cpu };
}

/** A view of the extension kept open during the check: the popup of the checked tab, or the side panel's page. */
export type Beside = 'popup' | 'panel';

/** Opens the view in a page of its own and waits until it has mounted (its Pick button shows). */
export async function openBeside(ext: LoadedExtension, beside: Beside, tabId: number): Promise<Page> {
  const view = await ext.context.newPage();
  await view.goto(`chrome-extension://${ext.extensionId}/${beside === 'popup' ? `popup.html?tabId=${tabId}` : 'sidepanel.html'}`);
  await view.locator('button.pick-image').first().waitFor();
  return view;
}

export interface ClickFigures {
  /** Click → request arrival, ms, per run. */
  clickMs: number[];
  /** The limit beside each run, ms. */
  floorMs: number[];
  /** Whole request body, bytes, per run. */
  uploaded: number[];
  /** Each step's time after the click, ms, per run it was seen in. */
  steps: Map<string, number[]>;
  /** The original files, bytes. */
  originals: number[];
  /** CPU ms of the browser's processes by kind (scripts/process-cpu.ts), per run: click → request, and the limit. */
  cpu: CpuByKind[]; floorCpu: CpuByKind[];
}

/**
 * `runs` checks, each of a new 12 MP JPEG (`fresh`), or all of the same one (`name`, already served)
 * — the figure a repeated URL gives, with the browser's caches warm after the first run.
 */
export async function measureClicks(
  ext: LoadedExtension,
  pages: PageServer,
  model: ModelServer,
  runs: number,
  image: { fresh: true; exifBytes: number } | { name: string },
  beside?: Beside,
  options: { coldWorker?: boolean } = {},
): Promise<ClickFigures> {
  const figures: ClickFigures = { clickMs: [], floorMs: [], uploaded: [], steps: new Map(), originals: [], cpu: [], floorCpu: [] };
  // Made before any run, so the encoder's work never overlaps a timed span.
  const names: string[] = [];
  for (let run = 0; run < runs; run++) {
    if (!('fresh' in image)) {
      names.push(image.name);
      continue;
    }
    const name = `fresh-${Date.now().toString(36)}-${run}.jpg`;
    const body = await cameraJpeg(4000, 3000, run, 20, image.exifBytes);
    figures.originals.push(body.byteLength);
    article(pages, name, { type: 'image/jpeg', body }, 2);
    names.push(name);
  }
  for (const name of names) {
    await clearVerdictCache(ext);
    const { page, tabId, clickedAt, request, cpu } = await clickOnce(ext, pages, model, name, beside, false, options.coldWorker);
    figures.clickMs.push(request.at - clickedAt);
    figures.uploaded.push(JSON.stringify(request.body).length);
    const steps = await stepsBetween(ext, tabId, clickedAt, request.at);
    steps.set('request arrived', request.at - clickedAt);
    for (const [step, ms] of steps) figures.steps.set(step, [...(figures.steps.get(step) ?? []), ms]);
    await untilIdle();
    const beforeFloor = readCpu();
    figures.floorMs.push(await decodeFloor(page, `${pages.origin}/${name}`, { width: 4000, height: 3000 }));
    figures.floorCpu.push(cpuBetween(beforeFloor, readCpu()));
    figures.cpu.push(cpu);
    await page.close();
  }
  return figures;
}

/** The steps as a table: median time after the click, and since the step before. */
export function stepTable(figures: ClickFigures): string {
  const rows = [...figures.steps].map(([step, values]) => ({ step, at: median(values), seen: values.length })).sort((a, b) => a.at - b.at);
  const lines = ['| step (mark) | ms after click, median | since the step before | runs seen |', '|---|---|---|---|'];
  rows.forEach((row, i) => lines.push(`| ${row.step} | ${row.at.toFixed(1)} | ${(row.at - (rows[i - 1]?.at ?? 0)).toFixed(1)} | ${row.seen} |`));
  return lines.join('\n');
}

/** A summary line: median click → request, the limit, and the ratio. */
export function ratioLine(label: string, figures: ClickFigures): string {
  const floor = median(figures.floorMs);
  const perRun = median(figures.clickMs.map((ms, i) => ms / figures.floorMs[i]!));
  return (
    `${label}: click → request median ${median(figures.clickMs)} ms (runs: ${figures.clickMs.join(', ')}); limit median ${floor.toFixed(0)} ms; ` +
    `ratio ${(median(figures.clickMs) / floor).toFixed(2)}× (median of each run's own ratio: ${perRun.toFixed(2)}×)\n` +
    `  CPU time of the browser's processes, median: click → request ${cpuLine(figures.cpu)}; the limit ${cpuLine(figures.floorCpu)}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchWithExtension } = await import('../test/browser/extension.ts');
  const { startModelServer } = await import('../test/server/openai-server.ts');
  const { startPageServer } = await import('../test/browser/page-server.ts');
  const { useEndpoint } = await import('../test/browser/run-check.ts');
  const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
  const runs = Math.max(1, Number(arg('--runs') ?? 11));
  const beside = arg('--beside') as Beside | undefined;
  if (beside !== undefined && beside !== 'popup' && beside !== 'panel') throw new Error('--beside takes popup or panel');
  if (process.argv.includes('--one-core')) process.env.CHROME_PATH = oneCoreChromium();
  const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
  try {
    await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'test-vlm' });
    console.log(`browser${process.argv.includes('--one-core') ? ' on one core (taskset -c 0)' : ''}${beside ? `, the ${beside === 'popup' ? 'popup' : 'side panel'} open beside` : ''}`);
    for (const [label, exifBytes] of [['new photo each run', 0], ['new photo each run, 64 KB camera Exif block', CAMERA_EXIF_BYTES]] as const) {
      const fresh = await measureClicks(ext, pages, model, runs, { fresh: true, exifBytes }, beside);
      console.log(`${runs} new 12 MP JPEGs, ${(Math.min(...fresh.originals) / 1e6).toFixed(1)}–${(Math.max(...fresh.originals) / 1e6).toFixed(1)} MB each`);
      console.log(ratioLine(label, fresh));
      console.log(`\n${stepTable(fresh)}\n`);
    }
    article(pages, 'camera.jpg', { type: 'image/jpeg', body: await cameraJpeg() }, 2);
    const same = await measureClicks(ext, pages, model, runs, { name: 'camera.jpg' }, beside);
    console.log(ratioLine('the same image again', same));
  } finally {
    await Promise.all([ext.close(), model.close(), pages.close()]);
  }
}
