/**
 * What a view's start-up allocates on the JavaScript heap the extension's pages share (the garbage a later
 * collection must sweep, whichever check it then falls in): V8's sampling heap profiler, objects already collected
 * included, on that isolate, from before the popup (or the side panel's page) is opened until it has mounted (its
 * Pick button shows) and the browser is idle again. The profiler is held by an extension page that runs no script
 * (its icon), so the view itself loads as a user opens it. Prints each mount's bytes, their median, and the
 * scripts and functions the bytes were allocated in (names readable on an unminified build).
 *
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx wxt build && CAPTION_CHECK_OUT_DIR=.output-bench npx tsx scripts/view-allocation.ts [--view popup|panel] [--mounts 7] [--history 10] [--top 15] [--save profile.heapprofile]
 *
 * --history: checks run first (small photos), so the view reads a history as it does during a bench (default 10).
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { launchWithExtension } from '../test/browser/extension.ts';
import { startModelServer } from '../test/server/openai-server.ts';
import { startPageServer } from '../test/browser/page-server.ts';
import { useEndpoint } from '../test/browser/run-check.ts';
import { cameraJpeg, clickOnce, median } from './bench-click.ts';
import { article, openShownPhoto } from './photo-page.ts';
import { untilIdle } from './process-cpu.ts';

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
const view = arg('--view') ?? 'popup';
if (view !== 'popup' && view !== 'panel') throw new Error('--view takes popup or panel');
const mounts = Math.max(1, Number(arg('--mounts') ?? 7));
const top = Number(arg('--top') ?? 15);
const history = Math.max(0, Number(arg('--history') ?? 10));

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes by script (its file name) and by function (name, file, line) of one sampled profile. */
function sums(head: ProfileNode): { total: number; byScript: Map<string, number>; byFunction: Map<string, number> } {
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() || '(native)';
    total += node.selfSize;
    byScript.set(file, (byScript.get(file) ?? 0) + node.selfSize);
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(head);
  return { total, byScript, byFunction };
}

const add = (into: Map<string, number[]>, from: Map<string, number>) => {
  for (const [key, bytes] of from) into.set(key, [...(into.get(key) ?? []), bytes]);
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
try {
  await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'test-vlm' });
  article(pages, 'photo.png', { type: 'image/png', body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64') }, 2);
  for (let check = 0; check < history; check++) {
    article(pages, `earlier-${check}.jpg`, { type: 'image/jpeg', body: await cameraJpeg(800, 600, check, 20) }, 2);
    await (await clickOnce(ext, pages, model, `earlier-${check}.jpg`)).page.close();
  }
  const { tabId } = await openShownPhoto(ext, pages, 'photo.png');
  const holder = await ext.context.newPage();
  await holder.goto(`chrome-extension://${ext.extensionId}/icon/16.png`);
  const cdp: CDPSession = await ext.context.newCDPSession(holder);
  await cdp.send('HeapProfiler.enable');
  const url = `chrome-extension://${ext.extensionId}/${view === 'popup' ? `popup.html?tabId=${tabId}` : 'sidepanel.html'}`;
  const totals: number[] = [];
  const scripts = new Map<string, number[]>();
  const functions = new Map<string, number[]>();
  for (let mount = 0; mount < mounts; mount++) {
    await untilIdle();
    await cdp.send('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const page = await ext.context.newPage();
    await page.goto(url);
    await page.locator('button.pick-image').first().waitFor();
    await untilIdle();
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
    await page.close();
    if (arg('--save')) writeFileSync(arg('--save')!, JSON.stringify(profile));
    const { total, byScript, byFunction } = sums(profile.head);
    if (!byScript.has(`${view === 'popup' ? 'popup' : 'sidepanel'}.html`) && ![...byScript.keys()].some((file) => file.startsWith('main-')))
      throw new Error('the profile holds none of the view’s scripts: the holder page is not in the view’s process');
    totals.push(total);
    add(scripts, byScript);
    add(functions, byFunction);
    console.log(`mount ${mount + 1}: ${mb(total)}`);
  }
  console.log(`\nthe ${view === 'popup' ? 'popup' : 'side panel'}'s start-up after ${history} checks, ${mounts} mounts: median ${mb(median(totals))} allocated (${totals.map(mb).join(', ')})`);
  const table = (title: string, rows: Map<string, number[]>) => {
    console.log(`\n${title}, median per mount:`);
    for (const [key, values] of [...rows].map(([key, values]) => [key, median([...values, ...Array(mounts - values.length).fill(0)])] as const).sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${mb(values).padStart(9)}  ${key}`);
  };
  table('by script', scripts);
  table('by function (self)', functions);
} finally {
  await Promise.all([ext.close(), model.close(), pages.close()]);
}
