// What tells which pixels reached the model: the mean colour of the image in a recorded request (the
// test pictures are flat colours), and the frame id a menu click inside an <iframe> carries.
import sharp from 'sharp';
import { expect } from 'vitest';
import type { LoadedExtension } from './extension';

export type Rgb = { r: number; g: number; b: number };

/** The mean colour of the image in a recorded chat request. */
export async function receivedColor(body: unknown): Promise<Rgb> {
  const url = /"url":"(data:image\/[a-z]+;base64,[^"]+)"/.exec(JSON.stringify(body))?.[1];
  if (!url) throw new Error('no image in the request');
  const { channels } = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

/** Each channel of `actual` within `tolerance` of `expected`. */
export function expectColor(actual: Rgb | undefined, expected: Rgb, tolerance = 14): void {
  expect(actual, 'no image arrived').toBeDefined();
  for (const channel of ['r', 'g', 'b'] as const)
    expect(Math.abs(actual![channel] - expected[channel]), `${channel} of ${JSON.stringify(actual)}`).toBeLessThanOrEqual(tolerance);
}

/** The frame id Chrome gives a menu click inside the frame at `url` (from the helper extension's webNavigation). */
export async function frameIdOf(ext: LoadedExtension, tabId: number, url: string): Promise<number> {
  return ext.helper.evaluate(
    async ([id, target]) => {
      const frames = (await chrome.webNavigation.getAllFrames({ tabId: id })) ?? [];
      const frame = frames.find((f) => f.url === target);
      if (!frame) throw new Error(`no frame ${target}`);
      return frame.frameId;
    },
    [tabId, url] as const,
  );
}
