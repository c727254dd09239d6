// State our page script keeps between calls, in the isolated world's global object. Keys are symbols:
// a page's element with an id or name (<div id="captionCheckPage">) shows up as a string-named property
// of window in every world, ours included, and would answer for a string-named global of ours.

import { SLOT_PREFIX } from './slot-names';

type Slots = Record<symbol, unknown>;

/** The symbol key of one slot. */
export function slotKey(name: string): symbol {
  return Symbol.for(SLOT_PREFIX + name);
}

/** Reads a slot; undefined when it was never written (or was cleared). */
export function readSlot(name: string): unknown {
  const slots = globalThis as unknown as Slots;
  return Object.prototype.hasOwnProperty.call(slots, slotKey(name)) ? slots[slotKey(name)] : undefined;
}

/** Writes a slot. */
export function writeSlot(name: string, value: unknown): void {
  (globalThis as unknown as Slots)[slotKey(name)] = value;
}

/** Clears a slot. */
export function clearSlot(name: string): void {
  delete (globalThis as unknown as Slots)[slotKey(name)];
}
