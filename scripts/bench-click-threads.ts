/**
 * Where click → request's CPU goes, thread by thread: checks of a new 12 MP JPEG (as scripts/bench-click.ts makes
 * them), and for each thread of the browser's processes ("page:chromium" is the checked page's main thread,
 * "extension:ServiceWorker t" the worker's, "extension:chromium" an open view's) its median CPU ms from the click
 * to the request. With --beside, the checks alternate without and with the popup or side panel open, a column each:
 * what an open view costs the span, which a process's total (scripts/bench-click-ab.ts) shows only within its noise.
 *
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx tsx scripts/bench-click-threads.ts [--runs 6] [--one-core] [--beside popup|panel]
 */
import { clickOnce, cameraJpeg, decodeFloor, median, type Beside } from './bench-click.ts';
import { article } from './photo-page.ts';
import { cpuBetween, oneCoreChromium, readCpu, untilIdle, type CpuByKind } from './process-cpu.ts';
import { launchWithExtension } from '../test/browser/extension.ts';
import { startModelServer } from '../test/server/openai-server.ts';
import { startPageServer } from '../test/browser/page-server.ts';
import { clearVerdictCache, useEndpoint } from '../test/browser/run-check.ts';

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
const runs = Math.max(1, Number(arg('--runs') ?? 6));
const beside = arg('--beside') as Beside | undefined;
if (beside !== undefined && beside !== 'popup' && beside !== 'panel') throw new Error('--beside takes popup or panel');
if (process.argv.includes('--one-core')) process.env.CHROME_PATH = oneCoreChromium();

const columns: { label: string; beside?: Beside; runs: CpuByKind[] }[] = [{ label: 'no view', runs: [] }, ...(beside ? [{ label: `${beside} open`, beside, runs: [] }] : [])];
// The limit beside each check without a view (scripts/bench-click.ts, decodeFloor), thread by thread: what the check spends beyond it.
const limit: (typeof columns)[number] = { label: 'the limit', runs: [] };
const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
try {
  await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'test-vlm' });
  // A first check each way (not counted): the worker's engine and the page scripts' first compile are behind it.
  for (let run = -columns.length; run < runs * columns.length; run++) {
    const column = columns[(run + columns.length) % columns.length]!;
    const name = `threads-${Date.now().toString(36)}-${run + columns.length}.jpg`;
    article(pages, name, { type: 'image/jpeg', body: await cameraJpeg(4000, 3000, run + columns.length) }, 2);
    await clearVerdictCache(ext);
    // clickOnce returns once the check has ended (and closes the view).
    const { page, cpu } = await clickOnce(ext, pages, model, name, column.beside, true);
    if (run >= 0) column.runs.push(cpu);
    if (run >= 0 && !column.beside) {
      await untilIdle();
      const before = readCpu(true);
      await decodeFloor(page, `${pages.origin}/${name}`, { width: 4000, height: 3000 });
      limit.runs.push(cpuBetween(before, readCpu(true)));
    }
    await page.close();
  }
} finally {
  await Promise.all([ext.close(), model.close(), pages.close()]);
}

columns.push(limit);
const threads = [...new Set(columns.flatMap((c) => c.runs.flatMap((cpu) => Object.keys(cpu))))].sort();
const cell = (column: (typeof columns)[number], thread: string) => median(column.runs.map((cpu) => cpu[thread] ?? 0));
console.log(`${runs} checks${beside ? ' each way, alternating' : ''}${process.argv.includes('--one-core') ? ', the browser on one core' : ''}: CPU ms per thread from the click to the request, and in the limit beside each check without a view (median)\n`);
console.log(`| thread | ${columns.map((c) => c.label).join(' | ')} |\n|---|${columns.map(() => '---|').join('')}`);
for (const thread of threads) if (columns.some((c) => cell(c, thread) >= 0.2)) console.log(`| ${thread} | ${columns.map((c) => cell(c, thread).toFixed(1)).join(' | ')} |`);
const total = (column: (typeof columns)[number]) => median(column.runs.map((cpu) => Object.values(cpu).reduce((sum, ms) => sum + ms, 0)));
console.log(`| all threads | ${columns.map((c) => total(c).toFixed(1)).join(' | ')} |`);
