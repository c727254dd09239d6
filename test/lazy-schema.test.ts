import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '@/lib/lazy-schema';

/** Counts the zod schemas constructed from now on (zod calls its global post-processor once per schema built). */
function countBuilt(): { readonly count: number; stop(): void } {
  const config = (globalThis as { __zod_globalConfig?: { postProcessor?: (schema: unknown) => void } }).__zod_globalConfig!;
  let count = 0;
  config.postProcessor = () => void count++;
  return {
    get count() {
      return count;
    },
    stop: () => void delete config.postProcessor,
  };
}

const pointEager = () => z.object({ x: z.number().int(), label: z.string().min(1) });

describe('lazySchema', () => {
  it('builds its schema on first use, once', () => {
    const build = vi.fn(pointEager);
    const point = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(point.safeParse({ x: 1, label: 'a' }).success).toBe(true);
    expect(point.safeParse({ x: 1.5, label: 'a' }).success).toBe(false);
    point.parse({ x: 2, label: 'b' });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('validates and refuses as the schema it stands for, first used long after it was declared', () => {
    const point = lazySchema(pointEager);
    const eager = pointEager();
    for (const value of [{ x: 3, label: 'p' }, { x: 3, label: '' }, { x: '3', label: 'p' }, null, { x: 3 }]) {
      const [lazy, direct] = [point.safeParse(value), eager.safeParse(value)];
      expect(lazy.success).toBe(direct.success);
      expect(lazy.success ? lazy.data : lazy.error.issues).toEqual(direct.success ? direct.data : direct.error.issues);
    }
    expect(() => point.parse({ x: 1 })).toThrow(z.ZodError);
  });

  it('works as a field of another schema built before it, and through extend, optional and options', () => {
    const build = vi.fn(pointEager);
    const point = lazySchema(build);
    const kind = lazySchema(() => z.enum(['a', 'b']));
    const shape = z.object({ at: point, kind, also: lazySchema(() => point.optional()) });
    expect(build).not.toHaveBeenCalled();
    expect(shape.parse({ at: { x: 1, label: 'a' }, kind: 'a' })).toEqual({ at: { x: 1, label: 'a' }, kind: 'a' });
    expect(shape.safeParse({ at: { x: 1, label: '' }, kind: 'a' }).success).toBe(false);
    expect(shape.safeParse({ at: { x: 1, label: 'a' }, kind: 'c' }).success).toBe(false);
    expect(shape.safeParse({ at: { x: 1, label: 'a' }, kind: 'b', also: { x: 2 } }).success).toBe(false);
    expect(point.extend({ z: z.number() }).safeParse({ x: 1, label: 'a' }).success).toBe(false);
    expect(kind.options).toEqual(['a', 'b']);
    expect(point instanceof z.ZodObject).toBe(true);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('gives the same JSON Schema as the schema itself, as a field or alone', () => {
    const eager = pointEager();
    expect(z.toJSONSchema(z.object({ p: lazySchema(pointEager) }))).toEqual(z.toJSONSchema(z.object({ p: eager })));
    expect(z.toJSONSchema(lazySchema(pointEager))).toEqual(z.toJSONSchema(eager));
  });

  it('lets a spy on it see every call', () => {
    const point = lazySchema(pointEager);
    const spy = vi.spyOn(point, 'safeParse');
    const shape = z.array(point);
    point.safeParse({ x: 1, label: 'a' });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(shape.safeParse([{ x: 1, label: 'a' }]).success).toBe(true);
    expect(point.safeParse({ x: 1, label: '' }).success).toBe(false);
  });
});

describe("a view's start-up", () => {
  afterEach(() => vi.resetModules());

  it('builds no schema when the popup and its storage and messages load; they build when first read', async () => {
    vi.resetModules();
    const built = countBuilt();
    try {
      await import('@/components/popup');
      await import('@/entrypoints/popup/host');
      const { tabSchemas } = await import('@/lib/storage-schema');
      const { replySchemas, messageSchema } = await import('@/lib/messages');
      const { settingsSchema } = await import('@/lib/settings');
      expect(built.count).toBe(0);
      expect(tabSchemas.check.safeParse({ id: 'x' }).success).toBe(false);
      expect(built.count).toBeGreaterThan(0);
      expect(replySchemas.getSetup.safeParse({ ok: true, data: { configured: true, baseUrl: 'http://x', model: 'm' } }).success).toBe(true);
      expect(replySchemas.getSetup.safeParse({ ok: true, data: { configured: 'yes', baseUrl: 'http://x', model: 'm' } }).success).toBe(false);
      expect(messageSchema.safeParse({ type: 'cancelCheck', tabId: 3 }).success).toBe(true);
      expect(messageSchema.safeParse({ type: 'cancelCheck', tabId: '3' }).success).toBe(false);
      expect(settingsSchema.safeParse({}).success).toBe(false);
    } finally {
      built.stop();
    }
  });
});
