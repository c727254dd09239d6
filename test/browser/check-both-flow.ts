// "Check both" on a page with two answers to one picture (test/ai-surfaces/dev/pages: an arena, a chat asking which
// answer is better), the way a user starts it: right-click the picture, then in the dialog Tab to "Check both" and
// press Enter. Shared by the Check-both and accessibility tests.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { focusedControl, waitForChooser, waitForChooserClosed, type ChooserView } from './chooser-driver';
import { clickMenu, grantActiveTab, tabIdOf } from './extension';
import type { BrowserSuite } from './fixture';
import { makeJpeg } from './page-server';
import { storedJob } from './results-flow';

const DEV = resolve(dirname(fileURLToPath(import.meta.url)), '../ai-surfaces/dev/pages');

/** The model's script: Model A's count of customers, Model B's sign and queue are not what the picture shows. */
export const ARENA_VERDICTS = [
  { match: /Three customers/, error_type: ['Quantitative'], reasoning: 'Two customers wait.' },
  { match: /sign above the grill/, error_type: ['Object'], reasoning: 'There is no sign.' },
  { match: /queue of people/, error_type: ['Quantitative'], reasoning: 'Only two people wait.' },
];

let served = 0;

/**
 * Opens a development page (its pictures one colour of their own, so the verdict cache never answers for the server),
 * checks both answers to the picture whose src holds `picture` through the menu and the dialog, and waits until the
 * check is done; the dialog as it was offered.
 */
export async function checkBothOnArena(suite: BrowserSuite, file = 'arena-en.html', picture = 'arena/5d21'): Promise<{ page: Page; tabId: number; dialog: ChooserView }> {
  served += 1;
  const photo = await makeJpeg(640, 480, { r: (201 + served * 29) % 256, g: 87, b: (33 + served * 41) % 256 });
  const path = `/arena-both-${served}.html`;
  suite.pages.route(path, { type: 'text/html; charset=utf-8', body: await readFile(resolve(DEV, file)) });
  const page = await suite.ext.context.newPage();
  await page.route(
    (url) => !url.href.startsWith(suite.pages.origin) || /file=|content\?id=/.test(url.pathname + url.search),
    (route) => (route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/jpeg', body: photo }) : route.abort()),
  );
  await page.goto(`${suite.pages.origin}${path}`);
  const srcUrl = await page.evaluate((piece) => Array.from(document.images).find((i) => i.getAttribute('src')?.includes(piece))?.src ?? '', picture);
  await page.waitForFunction((src) => Array.from(document.images).some((i) => i.src === src && i.complete), srcUrl);
  const tabId = await tabIdOf(suite.ext, page);
  await grantActiveTab(suite.ext, page);
  await clickMenu(suite.ext, tabId, { menuItemId: 'check-image', srcUrl, pageUrl: page.url() });
  const dialog = await waitForChooser(page);
  // Reached from the caption box by Tab alone, as a keyboard user does.
  for (let i = 0; i < 12 && (await focusedControl(page)) !== 'button: Check both'; i++) await page.keyboard.press('Tab');
  expect(await focusedControl(page)).toBe('button: Check both');
  await page.keyboard.press('Enter');
  await waitForChooserClosed(page);
  await expect.poll(async () => (await storedJob(suite.ext, tabId))?.status, { timeout: 30_000 }).toBe('done');
  return { page, tabId, dialog };
}
