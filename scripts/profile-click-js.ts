/**
 * The JavaScript of a check, function by function: CDP's Profiler on the worker's target (attached through the
 * browser's session) and on the checked page (its isolate holds our isolated world), 50 µs sampling, around each
 * check of a new 12 MP JPEG as scripts/bench-click.ts makes them. Prints each function's self time, ms per check,
 * from the click to the worker's last `fetch` sample (the page: to its last JPEG encode), samples longer than 0.2 ms
 * counted as 0.2 ms. Function names are a build's: give an unminified one (`build: { minify: false }`) to read them.
 *
 *   CAPTION_CHECK_OUT_DIR=.output-prof npx tsx scripts/profile-click-js.ts [--runs 8] [--one-core]
 */
import { cameraJpeg, waitForRequest } from './bench-click.ts';
import { article, openShownPhoto } from './photo-page.ts';
import { oneCoreChromium, untilIdle } from './process-cpu.ts';
import { currentWorker, launchWithExtension } from '../test/browser/extension.ts';
import { startModelServer } from '../test/server/openai-server.ts';
import { startPageServer } from '../test/browser/page-server.ts';
import { clearVerdictCache, finishedJob, selectText, useEndpoint } from '../test/browser/run-check.ts';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
const runs = Math.max(1, Number(arg('--runs') ?? 8));
if (process.argv.includes('--one-core')) process.env.CHROME_PATH = oneCoreChromium();
const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
const self = { worker: new Map<string, number>(), page: new Map<string, number>() };
const totals = { worker: 0, page: 0 };

/** Adds a profile's self time per function, up to a few samples after the last one of `endsWith`. */
function addProfile(into: 'worker' | 'page', profile: Profile, endsWith: RegExp): void {
  const nodes = new Map(profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || '(anonymous)'} ${String(n.callFrame.url).split('/').pop()}:${n.callFrame.lineNumber}`]));
  const names = profile.samples.map((id) => nodes.get(id) ?? '?');
  const end = names.findLastIndex((name) => endsWith.test(name));
  names.forEach((name, i) => {
    if (i > end + 3 || /^\((idle|program|root)\)/.test(name)) return;
    const ms = Math.min((profile.timeDeltas[i + 1] ?? 50) / 1000, 0.2);
    self[into].set(name, (self[into].get(name) ?? 0) + ms);
    totals[into] += ms;
  });
}

try {
  await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'test-vlm' });
  // The worker's target, driven through the browser's session (the Playwright API opens sessions on pages only).
  const cdp = await ext.context.browser()!.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const target = targetInfos.find((t) => t.type === 'service_worker' && t.url === `chrome-extension://${ext.extensionId}/background.js`);
  if (!target) throw new Error('no worker target');
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget' as never, ((event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  }) as never);
  const toWorker = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (result: unknown) => void);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  await toWorker('Profiler.enable');
  await toWorker('Profiler.setSamplingInterval', { interval: 50 });
  // A first check (not counted): the worker's engine and the page scripts' first compile are behind it.
  for (let run = -1; run < runs; run++) {
    const name = `js-${Date.now().toString(36)}-${run + 1}.jpg`;
    article(pages, name, { type: 'image/jpeg', body: await cameraJpeg(4000, 3000, run + 1) }, 2);
    await clearVerdictCache(ext);
    model.reset();
    const { page, tabId } = await openShownPhoto(ext, pages, name);
    await selectText(page, '#cap');
    const pageCdp = await ext.context.newCDPSession(page);
    await pageCdp.send('Profiler.enable');
    await pageCdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await untilIdle();
    await toWorker('Profiler.start');
    await pageCdp.send('Profiler.start');
    const worker = await currentWorker(ext);
    const src = JSON.stringify(`${pages.origin}/${name}`);
    const clickedAt = await worker.evaluate<number>(
      `(async () => { const tab = await chrome.tabs.get(${tabId}); const at = Date.now(); chrome.contextMenus.onClicked.dispatch({ frameId: 0, editable: false, mediaType: 'image', menuItemId: 'check-image', srcUrl: ${src}, pageUrl: ${JSON.stringify(page.url())} }, tab); return at; })()`,
    );
    const request = await waitForRequest(model);
    const workerProfile = (await toWorker<{ profile: Profile }>('Profiler.stop')).profile;
    const pageProfile = (await pageCdp.send('Profiler.stop')).profile as unknown as Profile;
    await finishedJob(ext, tabId, undefined, 60_000);
    await page.close();
    if (run < 0) continue;
    console.log(`run ${run}: click → request ${request.at - clickedAt} ms`);
    addProfile('worker', workerProfile, /^fetch /);
    addProfile('page', pageProfile, /^encode read\.js/);
  }
} finally {
  await Promise.all([ext.close(), model.close(), pages.close()]);
}
for (const which of ['worker', 'page'] as const) {
  console.log(`\n${which}: JavaScript self time, ms per check (all ${(totals[which] / runs).toFixed(2)})`);
  for (const [fn, ms] of [...self[which]].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${(ms / runs).toFixed(3).padStart(7)}  ${fn}`);
}
