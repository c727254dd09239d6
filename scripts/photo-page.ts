/**
 * The page each click → request run checks: a new photo, served as sites serve photos, in a figure with its caption,
 * and opened the way a user meets it (scripts/bench-click.ts, scripts/bench.ts and the profilers).
 */
import type { LoadedExtension } from '../test/browser/extension.ts';
import { htmlPage, type PageServer } from '../test/browser/page-server.ts';
import { openGranted } from '../test/browser/run-check.ts';

export const captionOf = (n: number) =>
  ['A red car is parked on a street.', 'A man rides a bicycle.', 'Two dogs run on the grass.', 'A woman holds an umbrella.',
    'A bus waits at the corner.', 'A child flies a kite.', 'A cat sleeps on a bench.', 'A tree stands by the road.',
    'A bird sits on a wire.', 'A boat floats on the river.', 'A lamp post leans to the left.', 'A flag waves on a pole.']
    .slice(0, n)
    .join(' ');

/** Serves an image (cacheable, as sites serve photos) and `<name>.html`, a figure showing it with its caption in `#cap`. */
export function article(pages: PageServer, name: string, image: { type: string; body: Buffer }, claims: number): void {
  pages.route(`/${name}`, { ...image, headers: { 'cache-control': 'max-age=3600' } });
  pages.route(
    `/${name}.html`,
    htmlPage(`<figure><img id="photo" src="/${name}" width="800" height="600" alt=""><figcaption id="cap">${captionOf(claims)}</figcaption></figure>`),
  );
}

/**
 * Opens the photo's page and waits until the picture is shown, as one the user right-clicks is: decoded for display
 * and painted. Loaded alone, the page's own decode of the 12 MP file ran beside the check (and not beside the limit,
 * measured after it).
 */
export async function openShownPhoto(ext: LoadedExtension, pages: PageServer, name: string) {
  const opened = await openGranted(ext, `${pages.origin}/${name}.html`);
  await opened.page.waitForFunction(() => (document.getElementById('photo') as HTMLImageElement).complete);
  await opened.page.evaluate(`(async () => {
    await document.getElementById('photo').decode();
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
  })()`);
  return opened;
}
