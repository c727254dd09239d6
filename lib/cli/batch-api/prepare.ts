// Request preparation for a whole input: items planned (claims) and their images sized by a bounded
// pool, handed on in input order. At most `concurrency` images are sized at once; a few finished items
// wait behind a slower one, so one slow image never leaves the pool idle.
import { CheckError } from '../../errors';
import type { BatchItem } from '../batch-input';
import type { InputProblem } from '../batch-input';
import { planClaims, type PlannedClaims } from '../check-item';
import type { LoadedImage } from '../image';
import { asCheckError } from '../messages';
import type { InputEntry } from './input-stream';
import { requestsJsonl, type ItemRequests, type RequestFormat } from './request-line';

export type Prepared =
  | { kind: 'problem'; problem: InputProblem }
  /** The item cannot be asked (no claim, image unreadable): the online batch writes an error line for it. */
  | { kind: 'failed'; item: BatchItem; error: CheckError }
  | { kind: 'skipped'; item: BatchItem }
  | { kind: 'ready'; item: BatchItem; planned: PlannedClaims; requests: ItemRequests };

export interface PrepareOptions {
  model: string;
  format: RequestFormat;
  /** Split captions without setting anything aside, as the online batch does with --keep-all. */
  keepAll: boolean;
  /** Images sized at once. */
  concurrency: number;
  /** The sized image of a source (cached by the caller for sources shared by several items). */
  image: (source: string) => Promise<LoadedImage>;
  /** Items not to prepare (already answered, or already submitted). */
  skip?: (item: BatchItem) => boolean;
  signal?: AbortSignal;
}

/** The claims of an item as the online path plans them (with or without --keep-all); throws the CheckError the online path would. */
export function planItem(item: BatchItem, keepAll: boolean): PlannedClaims {
  const planned = planClaims(item.source, { keepAll });
  if (planned.claims.length === 0)
    throw new CheckError('caption', 'Nothing in this caption can be checked against the image (all of it was set aside as interpretation).');
  return planned;
}

/** Items prepared ahead of the one the caller waits for, per image sized at once: finished ones hold only their request bytes. */
const AHEAD_PER_SLOT = 4;

/** A counter of free slots: `take` waits for one, `give` hands it to the next waiter. */
function slots(count: number) {
  let free = count;
  const waiting: (() => void)[] = [];
  return {
    take: async (): Promise<void> => {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    give: (): void => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

async function prepareOne(entry: InputEntry, options: PrepareOptions, sizing: ReturnType<typeof slots>): Promise<Prepared> {
  if (entry.problem) return { kind: 'problem', problem: entry.problem };
  const { item } = entry;
  if (options.skip?.(item)) return { kind: 'skipped', item };
  try {
    const planned = planItem(item, options.keepAll);
    await sizing.take();
    let image;
    try {
      image = await options.image(item.image);
    } finally {
      sizing.give();
    }
    return { kind: 'ready', item, planned, requests: requestsJsonl(item.key, planned.claims, image.dataUrl, options.model, options.format) };
  } catch (error) {
    return { kind: 'failed', item, error: asCheckError(error) };
  }
}

/** Every entry prepared, in input order, with at most `concurrency` images sizing at once; stops when the signal aborts. */
export async function* prepareRequests(entries: AsyncIterable<InputEntry>, options: PrepareOptions): AsyncGenerator<Prepared> {
  const running = Math.max(1, options.concurrency);
  const sizing = slots(running);
  const window: Promise<Prepared>[] = [];
  const iterator = entries[Symbol.asyncIterator]();
  let exhausted = false;
  const fill = async () => {
    while (!exhausted && window.length < running * AHEAD_PER_SLOT && !options.signal?.aborted) {
      const next = await iterator.next();
      if (next.done) exhausted = true;
      else window.push(prepareOne(next.value, options, sizing));
    }
  };
  await fill();
  while (window.length > 0) {
    const prepared = await window.shift()!;
    if (options.signal?.aborted) return;
    yield prepared;
    await fill();
  }
}
