import { describe, expect, it } from 'vitest';
import { placeBeside, placeOn, type Rect } from '@/lib/page/place';

const viewport = { width: 1280, height: 800 };
const dialog = { width: 380, height: 260 };
const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, width, height });

/** Gap between two boxes (0 when they touch or overlap). */
const distance = (a: Rect, b: Rect) =>
  Math.hypot(Math.max(0, a.left - (b.left + b.width), b.left - (a.left + a.width)), Math.max(0, a.top - (b.top + b.height), b.top - (a.top + a.height)));
const inside = (box: Rect) => box.left >= 0 && box.top >= 0 && box.left + box.width <= viewport.width && box.top + box.height <= viewport.height;

describe('placeBeside', () => {
  it.each([
    ['room below', rect(100, 100, 600, 300), 'below', { left: 100, top: 408 }],
    ['no room below: above', rect(100, 450, 600, 300), 'above', { left: 100, top: 182 }],
    ['tall image with room to its right', rect(100, 20, 600, 760), 'after', { left: 708, top: 20 }],
    ['tall image at the right edge: to its left', rect(500, 20, 600, 760), 'before', { left: 112, top: 20 }],
    ['photo filling the screen: over its bottom', rect(0, -200, 1280, 1200), 'over', { left: 8, top: 532 }],
    ['image wider than the viewport, partly below it: above', rect(-50, 300, 1400, 900), 'above', { left: 8, top: 32 }],
  ] as const)('%s', (_name, anchor, side, at) => {
    const placed = placeBeside(anchor, dialog, viewport);
    expect(placed).toEqual({ side, ...at });
    const box = { ...at, ...dialog };
    expect(inside(box)).toBe(true);
    expect(distance(box, anchor)).toBeLessThanOrEqual(64);
  });

  it('lines up with the right edge on a right-to-left page, and goes to the left of a tall image first', () => {
    expect(placeBeside(rect(600, 100, 600, 300), dialog, viewport, { rtl: true })).toEqual({ side: 'below', left: 820, top: 408 });
    expect(placeBeside(rect(600, 20, 600, 760), dialog, viewport, { rtl: true })).toEqual({ side: 'after', left: 212, top: 20 });
  });

  it('never leaves the viewport: an image scrolled away leaves the dialog at the edge nearest to it', () => {
    expect(placeBeside(rect(100, -900, 600, 300), dialog, viewport)).toEqual({ side: 'above', left: 100, top: 8 });
    expect(placeBeside(rect(100, 2400, 600, 300), dialog, viewport)).toEqual({ side: 'below', left: 100, top: 532 });
    // Near the right edge: clamped, not cut.
    expect(placeBeside(rect(1100, 100, 150, 100), dialog, viewport).left).toBe(1280 - 380 - 8);
  });

  it('fits a dialog wider than a narrow viewport at the margin', () => {
    const narrow = { width: 320, height: 600 };
    const placed = placeBeside(rect(10, 50, 300, 200), { width: 304, height: 200 }, narrow);
    expect(placed).toEqual({ side: 'below', left: 8, top: 258 });
  });
});

describe('placeOn', () => {
  it('sits inside the top start corner of its image', () => {
    expect(placeOn(rect(100, 200, 600, 400), { width: 120, height: 28 })).toEqual({ left: 106, top: 206 });
    expect(placeOn(rect(100, 200, 600, 400), { width: 120, height: 28 }, { rtl: true })).toEqual({ left: 574, top: 206 });
  });

  it('slides down a tall image whose top is scrolled away, and stops at its bottom', () => {
    expect(placeOn(rect(100, -300, 600, 900), { width: 120, height: 28 })).toEqual({ left: 106, top: 6 });
    expect(placeOn(rect(100, -880, 600, 900), { width: 120, height: 28 })).toEqual({ left: 106, top: -14 });
  });

  it('given the viewport, keeps the box of an image in view from running off its bottom or sides', () => {
    const panel = { width: 340, height: 200 };
    // The image's top is 60 px above the bottom of the view: the opened badge rises to stay in view.
    expect(placeOn(rect(100, 740, 600, 400), panel, { viewport })).toEqual({ left: 106, top: 800 - 200 - 6 });
    // A narrow image at the right edge: the box moves left to stay in view.
    expect(placeOn(rect(1200, 100, 70, 70), panel, { viewport }).left).toBe(1280 - 340 - 6);
    // Unchanged where it fits, and for an image out of view.
    expect(placeOn(rect(100, 200, 600, 400), { width: 120, height: 28 }, { viewport })).toEqual({ left: 106, top: 206 });
    expect(placeOn(rect(100, -880, 600, 900), { width: 120, height: 28 }, { viewport })).toEqual({ left: 106, top: -14 });
    expect(placeOn(rect(100, 2000, 600, 400), panel, { viewport }).top).toBe(2006);
  });

  it('goes off screen with an image that scrolled away', () => {
    expect(placeOn(rect(100, -2000, 600, 400), { width: 120, height: 28 }).top).toBeLessThan(0);
    expect(placeOn(rect(100, 2000, 600, 400), { width: 120, height: 28 }).top).toBe(2006);
  });
});
