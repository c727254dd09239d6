// "Check both" on an arena (test/ai-surfaces/dev/pages/arena-en.html): right-click the picture, the dialog offers
// Model A's and Model B's answers, "Check both" (reached by keyboard) checks the two against the image in one
// request, and the popup and the side panel show them compared. Screenshots go to $CHECK_BOTH_SHOTS when it is set.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARENA_VERDICTS, checkBothOnArena } from './check-both-flow';
import { browserSuite } from './fixture';
import { popupAt } from './results-flow';

const SHOTS = process.env.CHECK_BOTH_SHOTS;

/** What a view of "Check both" shows: its heading, and per answer its name, counts and claims' verdicts. */
async function answersShown(view: Page) {
  return view.locator('[data-testid="answer"]').evaluateAll((answers) =>
    answers.map((a) => ({
      name: a.querySelector('h3')?.textContent ?? '',
      better: a.getAttribute('data-better'),
      counts: a.querySelector('[data-testid="answer-counts"]')?.textContent ?? '',
      claims: Array.from(a.querySelectorAll('[data-testid="claim"]')).map((c) => c.getAttribute('data-label')),
    })),
  );
}

/** The text a page shows as its accessibility tree reads it (into closed shadow roots), hidden text left out. */
async function shownTexts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored?: boolean; role?: { value?: unknown }; name?: { value?: unknown } }[] };
    return nodes.filter((n) => !n.ignored && n.role?.value === 'StaticText').map((n) => String(n.name?.value ?? ''));
  } finally {
    await cdp.detach();
  }
}

/** Nothing in the view is wider than the view (a clipped name or caption would be). */
const overflows = (view: Page) => view.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('Check both: two answers to one picture, compared', () => {
  const suite = browserSuite({ endpoint: 'options', watchErrors: true, closePages: true });

  it('the dialog offers Check both; one request; the popup and the side panel show which answer held up better', async () => {
    suite.model.reset();
    suite.model.set({ falseWhen: ARENA_VERDICTS });
    const { page, tabId, dialog } = await checkBothOnArena(suite);
    // On the page, the badge on the picture (narrower than the headline, so its sign alone) is focused and open: its
    // panel says the headline (there are no claims to list under it).
    await expect.poll(() => shownTexts(page)).toContainEqual(expect.stringMatching(/^Model A held up better — Model A: 3 of 4 claims supported/));
    expect(dialog.candidates.slice(0, 2)).toEqual([expect.stringMatching(/^Model A: The image shows a street food stall/), expect.stringMatching(/^Model B: A night market scene/)]);
    expect(dialog.buttons).toEqual(['Check claims', 'Check both', 'Cancel']);
    // One model request carried the image once and both answers' claims.
    const asked = suite.model.requests.filter((r) => r.image);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.claims.some((c) => /Three customers/.test(c))).toBe(true);
    expect(asked[0]!.claims.some((c) => /sign above the grill/.test(c))).toBe(true);
    expect(asked[0]!.claims.some((c) => /Describe this image/.test(c))).toBe(false);

    const popup = await popupAt(suite.ext, tabId);
    await expect.poll(() => popup.getByTestId('check-status').textContent()).toMatch(/^Model A held up better — Model A: 3 of 4 claims supported, 1 not supported · Model B: \d of \d claims supported, 2 not supported$/);
    const shown = await answersShown(popup);
    expect(shown.map((a) => [a.name, a.better])).toEqual([
      ['Model A held up better', 'true'],
      ['Model B', 'false'],
    ]);
    expect(shown.map((a) => a.counts)).toEqual(['1 of 4 claims not supported — Quantitative', '2 of 2 claims not supported — Object, Quantitative']);
    expect(shown[0]!.claims).toEqual(['true', 'true', 'true', 'false']);
    expect(shown[1]!.claims.filter((s) => s === 'false')).toHaveLength(2);
    await expect.poll(() => popup.getByRole('heading', { name: 'Two answers on one image' }).count()).toBe(1);
    expect(await overflows(popup)).toBe(false);
    if (SHOTS) await popup.screenshot({ path: join(SHOTS, 'check-both-popup.png'), fullPage: true });
    // History keeps the pair: its row names both answers, each under the page's name for it.
    await popup.getByRole('tab', { name: /^History/ }).click();
    await expect.poll(() => popup.getByTestId('history-answer').allTextContents()).toEqual([expect.stringMatching(/^Model A: The image shows a street food stall/), expect.stringMatching(/^Model B: A night market scene/)]);
    expect(await overflows(popup)).toBe(false);
    if (SHOTS) await popup.screenshot({ path: join(SHOTS, 'check-both-history.png'), fullPage: true });

    // The side panel, as wide as a user may drag it: the two answers side by side.
    const panel = await suite.ext.context.newPage();
    await panel.setViewportSize({ width: 720, height: 900 });
    await panel.goto(`chrome-extension://${suite.ext.extensionId}/sidepanel.html`);
    await panel.locator('button.pick-image').waitFor();
    await page.bringToFront();
    await expect.poll(() => panel.getByTestId('check-status').textContent(), { timeout: 15_000 }).toMatch(/^Model A held up better/);
    expect(await answersShown(panel)).toEqual(shown);
    const boxes = await panel.locator('[data-testid="answer"]').evaluateAll((answers) => answers.map((a) => a.getBoundingClientRect().top));
    expect(boxes[0]).toBe(boxes[1]);
    expect(await overflows(panel)).toBe(false);
    if (SHOTS) await panel.screenshot({ path: join(SHOTS, 'check-both-panel.png'), fullPage: true });
  });

  it('a chat asking which of two answers is better (German page): the two checked, and as many not supported in each is said so', async () => {
    suite.model.reset();
    suite.model.set({
      falseWhen: [
        { match: /Anzeigetafel/, error_type: ['Object'], reasoning: 'Keine Anzeigetafel zu sehen.' },
        { match: /Fahrrad/, error_type: ['Object'], reasoning: 'Kein Fahrrad zu sehen.' },
      ],
    });
    const { tabId, dialog } = await checkBothOnArena(suite, 'compare-de.html', 'file-Bahnsteig22');
    expect(dialog.candidates.slice(0, 2)).toEqual([expect.stringMatching(/^Antwort 1: Auf dem Foto ist ein Bahnsteig/), expect.stringMatching(/^Antwort 2: Das Foto zeigt:/)]);
    expect(suite.model.requests.filter((r) => r.image)).toHaveLength(1);
    const popup = await popupAt(suite.ext, tabId);
    await expect.poll(() => popup.getByTestId('check-status').textContent()).toMatch(/^Neither answer held up better — Antwort 1: \d of \d claims? supported, 1 not supported · Antwort 2: \d of \d claims? supported, 1 not supported$/);
    expect((await answersShown(popup)).map((a) => [a.name, a.better])).toEqual([
      ['Antwort 1', 'false'],
      ['Antwort 2', 'false'],
    ]);
    expect(await overflows(popup)).toBe(false);
  });
});
