// While the caption dialog waits on the page, the popup says so — for which image, with a Cancel — and
// the tab's last result is set apart as the previous one, so its verdicts are not read as the new photo's;
// a Cancel keeps it labelled so and gives focus to the popup's main control.
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu, currentWorker, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { makeJpeg, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt } from './results-flow';

describe('a check waiting for its caption', () => {
  const suite = browserSuite({ endpoint: 'storage', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, pages } = suite);
    pages.route('/second.jpg', { type: 'image/jpeg', body: await makeJpeg(900, 600, { r: 200, g: 120, b: 40 }) });
  });

  const badge = async (tabId: number) => (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);

  it('shows the waiting check with its image in the popup, the last result marked as the previous one, and Cancel closes the dialog', async () => {
    const { article, photo } = await freshArticle(
      pages,
      'A red tram waits at a stop.',
      '<figure id="second"><img id="photo2" src="/second.jpg" alt="" width="600" height="400"><figcaption>An orange kite over a beach.</figcaption></figure>',
    );
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId, 'done');
    const firstPhoto = photo.split('/').pop()!;

    // Nothing selected: the dialog opens on the page for the second photo.
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/second.jpg`, pageUrl: page.url() });
    await waitForChooser(page);
    const waiting = popup.getByTestId('waiting-check');
    await expect.poll(() => waiting.getByRole('heading').textContent()).toBe('Choose the caption on the page — by the image');
    expect(await waiting.textContent()).toContain(`Image second.jpg on ${new URL(pages.origin).host}`);
    // The thumbnail of the photo that waits, once the page has read it.
    await expect.poll(() => waiting.getByRole('img', { name: 'The image waiting for its caption' }).evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => badge(tabId)).toBe('…');
    const title = async () => (await currentWorker(ext)).evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId);
    await expect.poll(title).toBe("Caption Check — choose the caption on the page");
    // The last result is still there, labelled as another image's.
    const previous = popup.getByTestId('previous-check');
    await expect.poll(() => previous.getByRole('heading').first().textContent()).toBe(`Previous check — not this image: ${firstPhoto} on ${new URL(pages.origin).host}`);
    expect(await previous.getByTestId('check-status').getAttribute('data-state')).toBe('done');

    await waiting.getByRole('button', { name: 'Cancel check' }).click();
    await waitForChooserClosed(page);
    await expect.poll(() => waiting.count()).toBe(0);
    // The toolbar title is the product's name again (the manifest's default_title, __MSG_appName__ resolved).
    await expect.poll(title).toBe('Caption Check');
    // Focus goes from the Cancel button (gone) to the popup's main control, not to <body>.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.textContent)).toBe('Pick an image on this page');
    // The result shown is still the first photo's, and still says so: it is not this image's check. Nothing else started.
    await expect.poll(() => previous.getByRole('heading').first().textContent()).toBe(`Previous check — not this image: ${firstPhoto} on ${new URL(pages.origin).host}`);
    expect(await popup.getByTestId('check-cancelled').textContent()).toBe('The check was cancelled.');
    await expect.poll(() => popup.getByTestId('check-status').getAttribute('data-state')).toBe('done');
    await popup.close();
  });
});
