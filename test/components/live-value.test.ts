import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holding, loadAndWatch, mayDrawLater } from '@/components/live-value';
import type { CheckJob } from '@/lib/job-record';

/** A read the test answers when it likes, and a watch it fires by hand. */
function source() {
  let answer!: (value: string) => void;
  const read = new Promise<string>((resolve) => (answer = resolve));
  let fire: ((value: string) => void) | null = null;
  const watch = (onChange: (value: string) => void) => {
    fire = onChange;
    return () => (fire = null);
  };
  return { load: () => read, watch, answer: (v: string) => answer(v), change: (v: string) => fire?.(v) };
}

describe('loadAndWatch', () => {
  it('shows the read value, then each change', async () => {
    const s = source();
    const seen: string[] = [];
    loadAndWatch(s.load, s.watch, (v) => seen.push(v));
    s.answer('running');
    await expect.poll(() => seen).toEqual(['running']);
    s.change('done');
    expect(seen).toEqual(['running', 'done']);
  });

  it('drops a read that resolves after a change: the change is newer', async () => {
    const s = source();
    const seen: string[] = [];
    let settled = false;
    loadAndWatch(
      () => s.load().finally(() => (settled = true)),
      s.watch,
      (v) => seen.push(v),
    );
    s.change('done');
    s.answer('running');
    await expect.poll(() => settled).toBe(true);
    expect(seen).toEqual(['done']);
  });

  it('says nothing more once stopped', async () => {
    const s = source();
    const seen: string[] = [];
    let settled = false;
    const stop = loadAndWatch(
      () => s.load().finally(() => (settled = true)),
      s.watch,
      (v) => seen.push(v),
    );
    stop();
    s.change('done');
    s.answer('running');
    await expect.poll(() => settled).toBe(true);
    expect(seen).toEqual([]);
  });
});

describe('loadAndWatch with its own change handler', () => {
  it('shows the read value by the first, each change by the second', async () => {
    const s = source();
    const read: string[] = [];
    const changed: string[] = [];
    loadAndWatch(s.load, s.watch, (v) => read.push(v), (v) => changed.push(v));
    s.answer('running');
    await expect.poll(() => read).toEqual(['running']);
    s.change('done');
    expect(changed).toEqual(['done']);
    expect(read).toEqual(['running']);
  });
});

describe('holding', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('shows held changes together once the time has passed since the first, the latest of each key', () => {
    const shown: string[] = [];
    const changes = holding(300);
    changes.hold('job', () => shown.push('job image'));
    vi.advanceTimersByTime(100);
    changes.hold('waiting', () => shown.push('waiting gone'));
    changes.hold('job', () => shown.push('job verifying'));
    vi.advanceTimersByTime(199);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['waiting gone', 'job verifying']);
    vi.advanceTimersByTime(1000);
    expect(shown).toHaveLength(2);
  });

  it('shows a change that may not wait at once, with the held ones before it (a held one of its key dropped)', () => {
    const shown: string[] = [];
    const changes = holding(300);
    changes.hold('waiting', () => shown.push('waiting gone'));
    changes.hold('job', () => shown.push('job verifying'));
    changes.now('job', () => shown.push('job first verdict'));
    expect(shown).toEqual(['waiting gone', 'job first verdict']);
    vi.advanceTimersByTime(1000);
    expect(shown).toHaveLength(2);
  });

  it('shows nothing held once stopped', () => {
    const shown: string[] = [];
    const changes = holding(300);
    changes.hold('job', () => shown.push('job image'));
    changes.stop();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([]);
  });
});

describe('mayDrawLater (which changes of the tab check a view holds)', () => {
  const running = (verdicts: (boolean | null)[]): CheckJob =>
    ({
      status: 'running',
      claims: verdicts.map((label, i) => ({ text: `c${i}`, start: 0, end: 1, hedged: false, verdict: label === null ? null : { reasoning: '', label, error_type: [] } })),
    }) as unknown as CheckJob;

  it('holds a check started elsewhere (the page menu) until its first verdict', () => {
    expect(mayDrawLater(running([null, null]), false)).toBe(true);
    expect(mayDrawLater(running([true, null]), false)).toBe(false);
    expect(mayDrawLater({ ...running([null]), status: 'done' } as CheckJob, false)).toBe(false);
    expect(mayDrawLater(null, false)).toBe(false);
  });

  it('tells it from the record as stored, before any schema reads it: a record of another shape is drawn at once', () => {
    expect(mayDrawLater(JSON.parse('{"status":"running","claims":[{"verdict":null},{"verdict":null}]}'), false)).toBe(true);
    expect(mayDrawLater({ status: 'running' }, false)).toBe(false);
    expect(mayDrawLater({ status: 'running', claims: [null] }, false)).toBe(false);
    expect(mayDrawLater('running', false)).toBe(false);
  });

  it('draws at once a check this view asked for (Re-run, Split with the model), so the check before it never shows as current', () => {
    expect(mayDrawLater(running([null, null]), true)).toBe(false);
  });
});
