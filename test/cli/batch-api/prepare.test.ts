// Request preparation's pool: at most `concurrency` images sized at once, items handed on in input
// order, and an image that takes long does not stop the items after it from being sized meanwhile.
import { describe, expect, it } from 'vitest';
import { prepareRequests, type Prepared } from '../../../lib/cli/batch-api/prepare';
import type { InputEntry } from '../../../lib/cli/batch-api/input-stream';
import { parseBatchLine } from '../../../lib/cli/batch-input';
import type { LoadedImage } from '../../../lib/cli/image';

const IMAGE: LoadedImage = { dataUrl: 'data:image/jpeg;base64,AAAA', byteLength: 3, width: 4, height: 3, original: { width: 4, height: 3 } };

async function* entries(count: number): AsyncGenerator<InputEntry> {
  for (let i = 0; i < count; i++) yield { item: parseBatchLine(JSON.stringify({ id: `i${i}`, image: `img-${i}.jpg`, claims: ['A cat.'] }), i + 1) };
}

/** An image loader whose every sizing waits until the test lets it finish; it counts the sizings at once. */
function heldImages() {
  const release = new Map<string, () => void>();
  const started: string[] = [];
  let active = 0;
  let most = 0;
  const image = async (source: string): Promise<LoadedImage> => {
    started.push(source);
    most = Math.max(most, ++active);
    await new Promise<void>((resolve) => release.set(source, resolve));
    active--;
    if (source === 'img-3.jpg') throw new Error('unreadable');
    return IMAGE;
  };
  const finish = (source: string) => release.get(source)!();
  return { image, started, finish, most: () => most };
}

describe('prepareRequests', () => {
  it('sizes at most `concurrency` images at once, keeps sizing past a slow one, and hands items on in input order', async () => {
    const held = heldImages();
    const out: Prepared[] = [];
    const done = (async () => {
      for await (const prepared of prepareRequests(entries(10), { model: 'm', format: { mode: 'json_schema', logprobs: false }, keepAll: false, concurrency: 2, image: held.image }))
        out.push(prepared);
    })();
    await expect.poll(() => held.started).toEqual(['img-0.jpg', 'img-1.jpg']);
    // img-0 is slow: the items after it are sized meanwhile, two at a time (up to 8 items ahead), and none is handed on before it.
    for (let i = 1; i < 7; i++) {
      held.finish(`img-${i}.jpg`);
      await expect.poll(() => held.started.length).toBe(i + 2);
    }
    expect(out).toEqual([]);
    held.finish('img-7.jpg');
    held.finish('img-0.jpg');
    await expect.poll(() => held.started.length).toBe(10);
    held.finish('img-8.jpg');
    held.finish('img-9.jpg');
    await done;
    expect(held.most()).toBe(2);
    expect(out.map((p) => (p.kind === 'problem' ? p.kind : `${p.item.id} ${p.kind}`))).toEqual([
      'i0 ready', 'i1 ready', 'i2 ready', 'i3 failed', 'i4 ready', 'i5 ready', 'i6 ready', 'i7 ready', 'i8 ready', 'i9 ready',
    ]);
  });
});
