/**
 * Click → request of two builds on the same load: both browsers are started, and their checks alternate run by
 * run (A B, B A, …), each a new 12 MP JPEG with its limit beside it, as scripts/bench-click.ts measures one. On a
 * machine other people use, the load moves between two benches run one after the other far more than between two
 * checks a second apart, so this is the way to tell whether a change helped.
 *
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx tsx scripts/bench-click-ab.ts --against .output-bench-old [--rounds 8] [--one-core] [--exif | --same] [--beside popup|panel] [--beside-b-only]
 *
 * A is --against (the older build), B the build in CAPTION_CHECK_OUT_DIR. --exif gives each photo a 64 KB camera
 * Exif block; --same checks one photo every run (bench-click.ts's "the same image again": its URL and bytes are in
 * the browsers' caches after the first). --beside keeps the popup or the side panel open during every check of both,
 * or with --beside-b-only of B's alone: given the same build twice (--against .output-bench), whether an open view
 * slows the check. --cold stops each build's worker before each check (Chrome stops one idle for 30 s), so the click
 * loads the engine; --history N first stores N finished checks (each with a 12 kB thumbnail) in both, as a user's.
 */
import { resolve } from 'node:path';
import { currentWorker, launchWithExtension, type LoadedExtension } from '../test/browser/extension.ts';
import { startModelServer } from '../test/server/openai-server.ts';
import { startPageServer } from '../test/browser/page-server.ts';
import { useEndpoint } from '../test/browser/run-check.ts';
import { CAMERA_EXIF_BYTES, cameraJpeg, measureClicks, median, stepTable, type Beside, type ClickFigures } from './bench-click.ts';
import { article } from './photo-page.ts';
import { cpuLine, oneCoreChromium } from './process-cpu.ts';

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
const against = arg('--against');
if (!against) throw new Error('--against <the other build folder> is needed (e.g. .output-bench-old)');
const rounds = Math.max(1, Number(arg('--rounds') ?? 8));
const beside = arg('--beside') as Beside | undefined;
if (beside !== undefined && beside !== 'popup' && beside !== 'panel') throw new Error('--beside takes popup or panel');
const exifBytes = process.argv.includes('--exif') ? CAMERA_EXIF_BYTES : 0;
const same = process.argv.includes('--same');
if (same && exifBytes) throw new Error('--same and --exif do not go together');
const coldWorker = process.argv.includes('--cold');
const historyEntries = Math.max(0, Number(arg('--history') ?? 0));
const photo = () => (same ? { name: 'camera.jpg' } : { fresh: true as const, exifBytes });
const besideOf = (build: 'A' | 'B') => (build === 'A' && process.argv.includes('--beside-b-only') ? undefined : beside);
if (process.argv.includes('--one-core')) process.env.CHROME_PATH = oneCoreChromium();

const builds = { A: resolve(against), B: resolve(process.env.CAPTION_CHECK_OUT_DIR ?? '.output') };
/** Each build's runs, one run's figures merged into the build's. */
const figures = { A: empty(), B: empty() };

function empty(): ClickFigures {
  return { clickMs: [], floorMs: [], uploaded: [], steps: new Map(), originals: [], cpu: [], floorCpu: [] };
}

function add(into: ClickFigures, run: ClickFigures): void {
  for (const key of ['clickMs', 'floorMs', 'uploaded', 'originals', 'cpu', 'floorCpu'] as const) (into[key] as unknown[]).push(...run[key]);
  for (const [step, ms] of run.steps) into.steps.set(step, [...(into.steps.get(step) ?? []), ...ms]);
}

/** Stores `count` finished checks as the history, newest first: what a user's checks leave (a full one is 200). */
async function storeHistory(ext: LoadedExtension, count: number): Promise<void> {
  const thumbnail = `data:image/jpeg;base64,${Buffer.from(Array.from({ length: 9000 }, (_, i) => (i * 7919) % 251)).toString('base64')}`;
  const history = Array.from({ length: count }, (_, i) => {
    const caption = `Checked picture ${i}: two people walk a dog along the river. A red boat is moored on the left.`;
    const claims = ['Two people walk a dog along the river.', 'A red boat is moored on the left.'].map((text, c) => ({
      text, start: 0, end: text.length, hedged: false, confidence: null, verdict: { reasoning: 'The picture shows it.', label: c === 0, error_type: c === 0 ? [] : ['Spatial'] },
    }));
    const job = {
      id: `history-${i}`, tabId: 1, pageUrl: `https://news.example/story-${i}`, imageUrl: `https://news.example/photo-${i}.jpg`, status: 'done', phase: 'finished',
      caption, claims, setAside: [], notes: [], model: 'test-vlm', imagePath: 'fetch', imageBytes: 250_000, startedAt: 1_000 * i, finishedAt: 1_000 * i + 900, usage: null, error: null, thumbnail,
    };
    return { id: job.id, savedAt: job.finishedAt, job };
  });
  await (await currentWorker(ext)).evaluate(async (entries) => chrome.storage.local.set({ history: entries }), history);
}

const [model, pages] = await Promise.all([startModelServer(), startPageServer()]);
const extensions: Record<'A' | 'B', LoadedExtension> = { A: await launchWithExtension(resolve(builds.A, 'chrome-mv3')), B: await launchWithExtension(resolve(builds.B, 'chrome-mv3')) };
try {
  if (same) article(pages, 'camera.jpg', { type: 'image/jpeg', body: await cameraJpeg() }, 2);
  for (const build of ['A', 'B'] as const) {
    await useEndpoint(extensions[build], { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'test-vlm' });
    if (historyEntries) await storeHistory(extensions[build], historyEntries);
    // A first check each (not counted): the worker's engine and the page scripts' first compile are behind it.
    await measureClicks(extensions[build], pages, model, 1, photo(), besideOf(build), { coldWorker });
  }
  for (let round = 0; round < rounds; round++) {
    for (const build of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) add(figures[build], await measureClicks(extensions[build], pages, model, 1, photo(), besideOf(build), { coldWorker }));
  }
} finally {
  await Promise.all([extensions.A.close(), extensions.B.close(), model.close(), pages.close()]);
}

console.log(`${rounds} rounds, ${same ? 'the same 12 MP JPEG every run' : 'a new 12 MP JPEG each run'}${coldWorker ? ', the worker stopped before each check' : ''}${historyEntries ? `, ${historyEntries} checks in the history` : ''}${exifBytes ? ' with a 64 KB camera Exif block' : ''}${process.argv.includes('--one-core') ? ', the browsers on one core' : ''}${beside ? `, the ${beside === 'popup' ? 'popup' : 'side panel'} open${besideOf('A') ? '' : ' in B only'}` : ''}`);
for (const build of ['A', 'B'] as const) {
  const run = figures[build];
  const click = median(run.clickMs);
  const floor = median(run.floorMs);
  const cpu = (kinds: ClickFigures['cpu']) => kinds.map((spent) => Object.values(spent).reduce((sum, ms) => sum + ms, 0));
  const cpuRatio = median(cpu(run.cpu).map((ms, i) => ms / cpu(run.floorCpu)[i]!));
  console.log(
    `\n${build} (${builds[build]}): click → request median ${click} ms, limit median ${floor.toFixed(0)} ms, ratio ${(click / floor).toFixed(2)}× ` +
      `(median of each run's own ratio ${median(run.clickMs.map((ms, i) => ms / run.floorMs[i]!)).toFixed(2)}×); request body median ${(median(run.uploaded) / 1000).toFixed(1)} kB\n` +
      `  runs, click → request / limit: ${run.clickMs.map((ms, i) => `${ms}/${run.floorMs[i]!.toFixed(0)}`).join(', ')}\n` +
      `  CPU: click → request ${cpuLine(run.cpu)}; the limit ${cpuLine(run.floorCpu)}; the median of each run's own CPU ratio ${cpuRatio.toFixed(2)}×\n\n${stepTable(run)}`,
  );
}
