/**
 * Where click → request's CPU goes, in every process of the browser: a Chrome trace (CDP Tracing, the browser's
 * own session, so every process is in it) around each check of a new 12 MP JPEG, as scripts/bench-click.ts makes
 * them, with V8's sampling profiler on. Prints, summed over the checks, each thread's CPU in the span (trace
 * events' thread time), the trace events that took it (self time), and in the JavaScript threads the functions the
 * samples fell in. The trace costs CPU of its own: compare rows, not totals with bench-click.
 *
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx tsx scripts/profile-click.ts [--runs 4] [--one-core] [--top 25] [--save trace.json] [--no-js] [--gc] [--beside popup|panel] [--cold] [--compile]
 *
 * --no-js: without V8 sampling, whose start costs each new context ~20 ms. --gc: V8's garbage collections as trace
 * events too. --beside: the popup or the side panel open during each check, as bench-click.ts opens it. --cold: the
 * worker stopped and started again before each check (as bench-click.ts --cold), so the click loads the engine and
 * runs its code for the first time in that worker; --compile adds V8's compile and parse events.
 */
import { writeFileSync } from 'node:fs';
import { cameraJpeg, decodeFloor, openBeside, waitForRequest, type Beside } from './bench-click.ts';
import { article, openShownPhoto } from './photo-page.ts';
import { oneCoreChromium, untilIdle } from './process-cpu.ts';
import { currentWorker, launchWithExtension } from '../test/browser/extension.ts';
import { startModelServer } from '../test/server/openai-server.ts';
import { startPageServer } from '../test/browser/page-server.ts';
import { clearVerdictCache, finishedJob, selectText, useEndpoint } from '../test/browser/run-check.ts';
import { controlWorker } from '../test/browser/worker-control.ts';

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
const runs = Math.max(1, Number(arg('--runs') ?? 4));
const top = Number(arg('--top') ?? 25);
const beside = arg('--beside') as Beside | undefined;
if (beside !== undefined && beside !== 'popup' && beside !== 'panel') throw new Error('--beside takes popup or panel');
if (process.argv.includes('--one-core')) process.env.CHROME_PATH = oneCoreChromium();
const coldWorker = process.argv.includes('--cold');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tts?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, any>;
}

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'mojom',
  'extensions',
  'ipc',
  ...(process.argv.includes('--no-js') ? [] : ['disabled-by-default-v8.cpu_profiler']),
  ...(process.argv.includes('--gc') ? ['disabled-by-default-v8.gc'] : []),
  ...(process.argv.includes('--compile') ? ['disabled-by-default-v8.compile', 'v8.compile'] : []),
].join(',');

const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
/** What one kind of span (the check, or the limit beside it) spent: thread time, self time per trace event, V8 samples. */
interface Spent {
  threadMs: Map<string, number>;
  selfMs: Map<string, Map<string, number>>;
  samples: Map<string, Map<string, number>>;
}
const spent = (): Spent => ({ threadMs: new Map(), selfMs: new Map(), samples: new Map() });
const check = spent();
const limit = spent();
const add = (into: Map<string, number>, key: string, ms: number) => into.set(key, (into.get(key) ?? 0) + ms);
const inner = <K, V>(map: Map<K, Map<string, V>>, key: K) => map.get(key) ?? map.set(key, new Map()).get(key)!;
const all: TraceEvent[] = [];

/** Adds what the trace's events from `from` to `until` (trace µs) spent into `into`. */
function analyse(events: TraceEvent[], from: number, until: number, into: Spent): void {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'process_name') names.set(`${e.pid}`, e.args?.name ?? '?');
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, `${names.get(`${e.pid}`) ?? e.pid}/${e.args?.name ?? e.tid}`);
  const label = (e: { pid: number; tid: number }) => names.get(`${e.pid}:${e.tid}`) ?? `${names.get(`${e.pid}`) ?? e.pid}/${e.tid}`;
  // Per thread: complete events within the span, nested by time; self thread time per name, top-level thread time.
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) if (e.ph === 'X' && e.ts >= from && e.ts < until) (byThread.get(label(e)) ?? byThread.set(label(e), []).get(label(e))!).push(e);
  for (const [thread, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: { end: number; time: number; child: number; name: string }[] = [];
    const selves = inner(into.selfMs, thread);
    const pop = () => {
      const done = stack.pop()!;
      add(selves, done.name, (done.time - done.child) / 1000);
    };
    for (const e of list) {
      while (stack.length && stack.at(-1)!.end <= e.ts) pop();
      const time = e.tdur ?? e.dur ?? 0;
      if (stack.length) stack.at(-1)!.child += time;
      else add(into.threadMs, thread, time / 1000);
      stack.push({ end: e.ts + (e.dur ?? 0), time, child: 0, name: e.name });
    }
    while (stack.length) pop();
  }
  // V8's samples: self samples per function, within the span. Counted, not summed by their time deltas: on a busy
  // core a sample's delta holds the time the thread waited to run, which would go to whatever function it was in.
  const profiles = new Map<string, { thread: string; nodes: Map<number, string>; time: number }>();
  for (const e of events) {
    if (e.name === 'Profile' && e.args?.data?.startTime !== undefined) profiles.set(`${e.pid}:${e.id}`, { thread: label(e), nodes: new Map(), time: e.args.data.startTime });
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (!profile) continue;
    const data = e.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame ?? {};
      const file = String(frame.url ?? '').split('/').pop();
      profile.nodes.set(node.id, `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber}` : ''}`.trim());
    }
    const samples: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    const fns = inner(into.samples, profile.thread);
    samples.forEach((id, i) => {
      profile.time += deltas[i] ?? 0;
      const fn = profile.nodes.get(id) ?? '?';
      if (profile.time >= from && profile.time < until && !/^\(idle\)|^\(program\)/.test(fn)) add(fns, fn, 1);
    });
  }
}

/** Traces `act` (a span that the function's own console.timeStamp calls open and close, `open`/`close`). */
async function traced<T>(act: () => Promise<T>, open: string, close: string | null): Promise<{ result: T; events: TraceEvent[]; from: number; until: number | null }> {
  const cdp = await ext.context.browser()!.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected' as never, ((message: { value: TraceEvent[] }) => events.push(...message.value)) as never);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete' as never, resolve as never));
  await cdp.send('Tracing.start' as never, { categories: CATEGORIES, transferMode: 'ReportEvents' } as never);
  await untilIdle();
  const result = await act();
  await cdp.send('Tracing.end' as never);
  await complete;
  await cdp.detach();
  const stamp = (message: string) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message)?.ts;
  const from = stamp(open);
  if (from === undefined) throw new Error(`${open} was not in the trace`);
  return { result, events, from, until: close ? (stamp(close) ?? null) : null };
}

try {
  await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-bench', model: 'test-vlm' });
  for (let run = -1; run < runs; run++) {
    const name = `profile-${Date.now().toString(36)}-${run + 1}.jpg`;
    article(pages, name, { type: 'image/jpeg', body: await cameraJpeg(4000, 3000, run + 1) }, 2);
    await clearVerdictCache(ext);
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
    const worker = await currentWorker(ext);
    const click = async () => {
      const clickedAt = await worker.evaluate(
        async ([id, src, pageUrl]) => {
          const tab = await chrome.tabs.get(id);
          const at = Date.now();
          console.timeStamp('caption-check-bench-click');
          chrome.contextMenus.onClicked.dispatch({ frameId: 0, editable: false, mediaType: 'image', menuItemId: 'check-image', srcUrl: src, pageUrl } as never, tab);
          return at;
        },
        [tabId, `${pages.origin}/${name}`, page.url()] as const,
      );
      const request = await waitForRequest(model);
      await finishedJob(ext, tabId, undefined, 60_000);
      return request.at - clickedAt;
    };
    if (run < 0) {
      await click();
      await view?.close();
      await page.close();
      continue;
    }
    const checked = await traced(click, 'caption-check-bench-click', null);
    await view?.close();
    analyse(checked.events, checked.from, checked.from + checked.result * 1000, check);
    all.push(...checked.events);
    // The limit beside it, as scripts/bench-click.ts measures it, between two time stamps of its own.
    const url = `${pages.origin}/${name}`;
    const floor = await traced(
      async () => {
        await page.evaluate(`console.timeStamp('caption-check-limit-start')`);
        const ms = await decodeFloor(page, url, { width: 4000, height: 3000 });
        await page.evaluate(`console.timeStamp('caption-check-limit-end')`);
        return ms;
      },
      'caption-check-limit-start',
      'caption-check-limit-end',
    );
    // The limit's own span: its start stamp plus the time it measured (the end stamp comes a round trip later).
    analyse(floor.events, floor.from, floor.from + floor.result * 1000, limit);
    all.push(...floor.events);
    console.log(`run ${run}: click → request ${checked.result} ms, the limit ${floor.result.toFixed(1)} ms`);
    await page.close();
  }
} finally {
  await Promise.all([ext.close(), model.close(), pages.close()]);
}
const save = arg('--save');
if (save) writeFileSync(save, JSON.stringify({ traceEvents: all }));

const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
const per = (ms: number | undefined) => ((ms ?? 0) / runs).toFixed(2).padStart(7);
console.log(`\n${runs} checks: thread time of top-level trace events, ms per check: the check (click → request) | the limit beside it`);
const threads = [...new Set([...check.threadMs.keys(), ...limit.threadMs.keys()])].sort((a, b) => (check.threadMs.get(b) ?? 0) - (check.threadMs.get(a) ?? 0));
for (const thread of threads) if (((check.threadMs.get(thread) ?? 0) + (limit.threadMs.get(thread) ?? 0)) / runs >= 0.3) console.log(`  ${per(check.threadMs.get(thread))} | ${per(limit.threadMs.get(thread))}  ${thread}`);
const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
console.log(`  ${per(sum(check.threadMs))} | ${per(sum(limit.threadMs))}  all threads`);
for (const thread of threads) {
  if ((check.threadMs.get(thread) ?? 0) / runs < 1) continue;
  console.log(`\n${thread}: self thread time per trace event, ms per check: the check | the limit`);
  const mine = check.selfMs.get(thread) ?? new Map<string, number>();
  const theirs = limit.selfMs.get(thread) ?? new Map<string, number>();
  for (const [name, ms] of sorted(mine).slice(0, top)) if (ms / runs >= 0.1) console.log(`  ${per(ms)} | ${per(theirs.get(name))}  ${name}`);
}
for (const [thread, fns] of check.samples) {
  const total = sum(fns);
  if (total / runs < 0.5) continue;
  console.log(`\n${thread}: V8 samples per check in the check (all ${(total / runs).toFixed(1)}; the limit ${(sum(limit.samples.get(thread) ?? new Map()) / runs).toFixed(1)}), self`);
  for (const [fn, count] of sorted(fns).slice(0, top)) console.log(`  ${(count / runs).toFixed(2).padStart(6)}  ${fn}`);
}
