import { describe, expect, it } from 'vitest';
import { loadAndWatch } from '@/components/live-value';

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
