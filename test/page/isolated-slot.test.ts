import { afterEach, describe, expect, it } from 'vitest';
import { clearSlot, readSlot, slotKey, writeSlot } from '@/lib/page/isolated-slot';

describe('isolated-world slots', () => {
  afterEach(() => clearSlot('probe'));

  it('live under symbol keys the worker can rebuild, not under string names a page element could shadow', () => {
    writeSlot('probe', { ok: true });
    expect(readSlot('probe')).toEqual({ ok: true });
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('caption-check:probe')]).toEqual({ ok: true });
    expect(slotKey('probe')).toBe(Symbol.for('caption-check:probe'));
    expect(Object.getOwnPropertyNames(globalThis).filter((name) => /caption/i.test(name))).toEqual([]);
  });

  it('an inherited property of the same key (a page-made prototype entry) is not ours', () => {
    const proto = Object.getPrototypeOf(globalThis) as Record<symbol, unknown>;
    proto[slotKey('probe')] = 'from the prototype';
    try {
      expect(readSlot('probe')).toBeUndefined();
    } finally {
      delete proto[slotKey('probe')];
    }
  });
});
