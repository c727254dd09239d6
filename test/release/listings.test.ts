// The store listings (store/listing.<locale>.md): one per locale the extension ships, within the stores'
// limits, each with the privacy summary. English carries PRIVACY.md's summary word for word; the other
// languages carry it translated, paragraph for paragraph with the same figures, and point to PRIVACY.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Where the UI messages live, one folder per locale (moved from public/_locales to locales/). */
const MESSAGES = ['locales', 'public/_locales'].find((dir) => existsSync(dir))!;
const shipped = readdirSync(MESSAGES).filter((name) => existsSync(`${MESSAGES}/${name}/messages.json`)).sort();
const listed = readdirSync('store')
  .map((file) => /^listing\.(.+)\.md$/.exec(file)?.[1])
  .filter((locale): locale is string => Boolean(locale))
  .sort();

/** The Chrome Web Store's listing locales (chrome.i18n's list). */
const STORE_LOCALES = ['ar', 'am', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'en_AU', 'en_GB', 'en_US', 'es', 'es_419', 'et', 'fa', 'fi', 'fil', 'fr', 'gu', 'he', 'hi', 'hr', 'hu', 'id', 'it', 'ja', 'kn', 'ko', 'lt', 'lv', 'ml', 'mr', 'ms', 'nl', 'no', 'pl', 'pt_BR', 'pt_PT', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tr', 'uk', 'vi', 'zh_CN', 'zh_TW'];

interface Listing {
  sections: Map<string, string>;
  privacy: string;
}

const SUMMARY = /<!-- privacy-summary:start -->\n([\s\S]*?)\n<!-- privacy-summary:end -->/;

function readListing(locale: string): Listing {
  const text = readFileSync(`store/listing.${locale}.md`, 'utf8');
  const sections = new Map<string, string>();
  for (const part of text.split(/^## /m).slice(1)) {
    const [heading, ...body] = part.split('\n');
    sections.set(heading!.trim(), body.join('\n').trim());
  }
  return { sections, privacy: SUMMARY.exec(text)?.[1] ?? '' };
}

/** Text as a store shows it: no Markdown emphasis, one space between words, paragraphs kept. */
function plain(text: string): string[] {
  return text
    .replace(/\*+/g, '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim());
}

const englishSummary = plain(SUMMARY.exec(readFileSync('PRIVACY.md', 'utf8'))![1]!);

describe('store listings', () => {
  it('one listing per shipped locale, and none for a locale the extension does not ship', () => {
    expect(shipped).toContain('en');
    expect(listed).toEqual(shipped);
    for (const locale of listed) expect(STORE_LOCALES, `${locale}: not a Chrome Web Store locale code`).toContain(locale);
  });

  // Chrome takes the item's name and summary from the manifest (__MSG_appName__, __MSG_appDescription__) and
  // refuses a package whose name passes 75 characters or description 132: the listing repeats them.
  it.each(shipped)('%s: the manifest name (≤ 75) and description (≤ 132) are the listing’s name and short description', (locale) => {
    const messages = JSON.parse(readFileSync(`${MESSAGES}/${locale}/messages.json`, 'utf8')) as Record<string, { message: string } | undefined>;
    const name = messages.appName?.message ?? 'Caption Check';
    const description = messages.appDescription?.message ?? '';
    const file = `${MESSAGES}/${locale}/messages.json`;
    const listing = `store/listing.${locale}.md`;
    expect([...name].length, `${file} appName: at most 75 characters`).toBeLessThanOrEqual(75);
    expect([...description].length, `${file} appDescription: missing`).toBeGreaterThan(0);
    expect([...description].length, `${file} appDescription: at most 132 characters (${listing} has a short description that fits)`).toBeLessThanOrEqual(132);
    const { sections } = readListing(locale);
    expect(sections.get('Name'), `${listing} Name = ${file} appName`).toBe(name);
    expect(sections.get('Short description'), `${listing} "Short description" = ${file} appDescription (the store shows the manifest's)`).toBe(description);
  });

  it.each(listed)('%s: name (≤ 75 characters), short description (≤ 132), description (≤ 16,000)', (locale) => {
    const { sections } = readListing(locale);
    expect(sections.get('Name')).toBe('Caption Check');
    const short = sections.get('Short description') ?? '';
    expect([...short].length).toBeGreaterThan(40);
    expect([...short].length).toBeLessThanOrEqual(132);
    expect(short).not.toContain('\n');
    const description = sections.get('Description') ?? '';
    expect([...description].length).toBeGreaterThan(500);
    expect([...description].length).toBeLessThanOrEqual(16_000);
  });

  it.each(listed)('%s: each listing has the privacy summary', (locale) => {
    const { sections, privacy } = readListing(locale);
    expect(sections.get('Privacy')).toContain('PRIVACY.md');
    const paragraphs = plain(privacy);
    if (locale === 'en') {
      expect(paragraphs).toEqual(englishSummary);
      return;
    }
    // Translated: the same four paragraphs, with the same figures (1024 px, 200 checks, 1000 at most, 4 MB).
    expect(paragraphs).toHaveLength(englishSummary.length);
    const figures = (text: string) => (text.replace(/(\d)[\s.,\u00a0\u202f](?=\d{3}\b)/g, '$1').match(/\d+/g) ?? []).join(' ');
    paragraphs.forEach((paragraph, i) => expect(figures(paragraph), `paragraph ${i + 1}`).toBe(figures(englishSummary[i]!)));
  });
});
