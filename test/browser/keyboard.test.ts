// Keyboard paths end where the work is: after the caption dialog confirms, focus is on the result by the
// image, in view; the arrows move through the dialog's suggestions; the picker's first Tab lands on the
// image the user is looking at, not the page's first one.
import { beforeAll, describe, expect, it } from 'vitest';
import { focusedControl, readChooser, statusText, waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu } from './extension';
import { browserSuite } from './fixture';
import { badgeBox, readMarks } from './marks-driver';
import { makeJpeg } from './page-server';
import { openGranted } from './results-flow';
import { docsPicture } from './screenshots';

const page = (body: string) => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long page</title><style>body{font:16px/1.5 serif;margin:24px} p{max-width:40em}</style></head><body>${body}</body></html>`,
});
const filler = (paragraphs: number) => '<p>The committee met again on Tuesday and discussed the budget for the coming year at some length.</p>'.repeat(paragraphs);

describe('keyboard paths', () => {
  const suite = browserSuite({ endpoint: 'storage', watchErrors: true, closePages: true });

  beforeAll(async () => {
    const { pages } = suite;
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(800, 600, { r: 170, g: 60, b: 50 }) });
    pages.route(
      '/long.html',
      page(`${filler(300)}<figure id="fig"><img id="photo" src="/photo.jpg" alt="A kite over a field" width="600" height="450">
<figcaption>A red kite flies over a green field. Two dogs run below it.</figcaption></figure>
<p id="near">The kite festival draws visitors from the whole region every spring.</p>${filler(40)}`),
    );
    const gallery = Array.from({ length: 19 }, (_, i) => `<p>Photo ${i + 1} of the series.</p><img id="g${i + 1}" src="/photo.jpg?${i + 1}" alt="Gallery photo ${i + 1}" width="300" height="200">${filler(3)}`);
    pages.route('/gallery.html', page(gallery.join('\n')));
  });

  it('after the caption dialog confirms, focus is on the result by the image, open and in view, on a long page', async () => {
    const { ext, model, pages } = suite;
    model.reset();
    model.set({ falseWhen: [{ match: /dogs/i, error_type: ['Object'], reasoning: 'No dogs are visible.' }] });
    const { page: tab, tabId } = await openGranted(ext, `${pages.origin}/long.html`);
    await tab.setViewportSize({ width: 1000, height: 800 });
    // The image’s top 70 px above the bottom of the view: the result opened there must not run off screen.
    await tab.evaluate(() => scrollTo(0, document.getElementById('photo')!.getBoundingClientRect().top + scrollY - innerHeight + 70));
    const scrolled = await tab.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(10_000);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: tab.url() });
    const view = await waitForChooser(tab);
    expect(view.caption).toBe('A red kite flies over a green field. Two dogs run below it.');
    await tab.keyboard.press('Enter');
    await waitForChooserClosed(tab);
    await expect.poll(async () => (await readMarks(tab)).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => focusedControl(tab)).toBe('button: Caption Check: 1 of 2 claims not supported — Object.');
    // Focused, the badge shows its verdicts, all inside the view; the page did not jump.
    const viewport = await tab.evaluate(() => ({ width: innerWidth, height: innerHeight, scrollY }));
    await expect.poll(async () => (await badgeBox(tab))?.height ?? 0).toBeGreaterThan(60);
    const box = (await badgeBox(tab))!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(viewport.scrollY).toBe(scrolled);
    await tab.screenshot({ path: docsPicture('keyboard.png') });
  });

  it('the arrows move through the dialog’s suggestions, each taken into the box', async () => {
    const { ext, model, pages } = suite;
    model.reset();
    const { page: tab, tabId } = await openGranted(ext, `${pages.origin}/long.html`);
    await tab.evaluate(() => document.getElementById('photo')!.scrollIntoView({ block: 'center' }));
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: tab.url() });
    const view = await waitForChooser(tab);
    expect(view.candidates.length).toBeGreaterThanOrEqual(2);
    const textOf = (candidate: string) => candidate.slice(candidate.indexOf(': ') + 2);
    const caption = async () => (await readChooser(tab))?.caption;
    await expect.poll(() => focusedControl(tab)).toMatch(/^textbox: /);
    // Down from the end of the box: into the list, at the suggestion in the box.
    await tab.keyboard.press('ArrowDown');
    await expect.poll(() => focusedControl(tab)).toBe(`button: ${view.candidates[0]}`);
    await tab.keyboard.press('ArrowDown');
    await expect.poll(() => focusedControl(tab)).toBe(`button: ${view.candidates[1]}`);
    await expect.poll(caption).toBe(textOf(view.candidates[1]!));
    await tab.keyboard.press('ArrowUp');
    await expect.poll(caption).toBe(textOf(view.candidates[0]!));
    await tab.keyboard.press('ArrowUp');
    await expect.poll(() => focusedControl(tab)).toMatch(/^textbox: /);
    await tab.keyboard.press('Escape');
    await waitForChooserClosed(tab);
  });

  it('Enter on an empty caption box says what to do, sends nothing and keeps the dialog open', async () => {
    const { ext, model, pages } = suite;
    model.reset();
    const { page: tab, tabId } = await openGranted(ext, `${pages.origin}/long.html`);
    await tab.evaluate(() => document.getElementById('photo')!.scrollIntoView({ block: 'center' }));
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: tab.url() });
    // The figure's caption is in the box: the box is empty below only once the keys have emptied it.
    expect((await waitForChooser(tab)).caption).not.toBe('');
    await tab.keyboard.press('ControlOrMeta+A');
    await tab.keyboard.press('Backspace');
    await expect.poll(async () => (await readChooser(tab))?.caption).toBe('');
    await tab.keyboard.press('Enter');
    const said = 'Nothing to check yet: type or paste the caption here, pick a suggestion, or select the caption on the page, then press Enter.';
    await expect.poll(async () => (await readChooser(tab))?.status).toBe(said);
    // Typing again clears it; the dialog stayed open all along and nothing reached the model.
    await tab.keyboard.type('A red kite.');
    await expect.poll(async () => (await readChooser(tab))?.status).toBe('');
    expect(model.requests.filter((r) => r.image)).toHaveLength(0);
    await tab.keyboard.press('Escape');
    await waitForChooserClosed(tab);
  });

  it("the picker's first Tab lands on the image nearest the middle of the view", async () => {
    const { ext, model, pages } = suite;
    model.reset();
    const { page: tab, tabId } = await openGranted(ext, `${pages.origin}/gallery.html`);
    await tab.evaluate(() => document.getElementById('g12')!.scrollIntoView({ block: 'center' }));
    await clickMenu(ext, tabId, { menuItemId: 'pick-image', pageUrl: tab.url() });
    await tab.locator('[data-caption-check="picker"]').waitFor({ state: 'attached' });
    await tab.bringToFront();
    await expect.poll(() => statusText(tab)).toMatch(/^Caption Check: click the image/);
    const before = await tab.evaluate(() => scrollY);
    await tab.keyboard.press('Tab');
    await expect.poll(() => statusText(tab)).toBe('Caption Check: image 12 of 19 “Gallery photo 12”. Enter checks it, Tab moves on, Esc leaves.');
    expect(await tab.evaluate(() => scrollY)).toBe(before);
    await tab.keyboard.press('Tab');
    await expect.poll(() => statusText(tab)).toMatch(/^Caption Check: image 13 of 19/);
    await tab.keyboard.press('Escape');
    await tab.locator('[data-caption-check="picker"]').waitFor({ state: 'detached' });
  });
});
