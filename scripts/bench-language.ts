/**
 * Measures the language test of the claim split (lib/claims/language.ts `looksEnglish`): which texts it takes for
 * English. The claim sets are all English, so their figures cannot show what it does on other languages.
 *
 *   npm run bench:language                 per language and length, how many texts are judged wrongly
 *   npm run bench:language -- --list de    also list the wrong ones of one language ("en" for English)
 *
 * Texts, each with the language it is in:
 * - the development parts of the claim sets (FaithScore, VizWiz-LF, HL, probes): English captions;
 * - the development pages of the real saved pages (test/realpages; held-out pages are not read): every
 *   paragraph, list item, heading, figure caption and alt, in the language the page declares (`<html lang>`;
 *   pages that declare none are left out). A page in one language quotes others now and then, so a few of its
 *   "wrong" texts are right;
 * - the product's own messages (locales/<language>/messages.json), which hold product names in English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { looksEnglish } from '../lib/claims/language.ts';
import { loadSets } from './claim-sets.ts';
import { readRealPagesGold, REALPAGES_DIR } from './realpages-gold.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const listed = process.argv.includes('--list') ? process.argv[process.argv.indexOf('--list') + 1] : undefined;

interface Text {
  language: string;
  text: string;
}

function pageTexts(): Text[] {
  const texts: Text[] = [];
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  for (const [page, info] of Object.entries(readRealPagesGold().pages)) {
    if (info.heldOut) continue;
    const html = readFileSync(resolve(REALPAGES_DIR, 'pages', `${page}.html`), 'utf8');
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    const language = document.documentElement.getAttribute('lang')?.slice(0, 2).toLowerCase();
    if (!language) continue;
    for (const el of document.querySelectorAll('p, li, h1, h2, h3, figcaption')) texts.push({ language, text: el.textContent ?? '' });
    for (const img of document.querySelectorAll('img[alt]')) texts.push({ language, text: img.getAttribute('alt') ?? '' });
  }
  void window.happyDOM.close();
  return texts;
}

function messageTexts(): Text[] {
  const dir = resolve(repoRoot, 'locales');
  return readdirSync(dir).flatMap((locale) => {
    const messages = JSON.parse(readFileSync(resolve(dir, locale, 'messages.json'), 'utf8')) as Record<string, { message: string }>;
    return Object.values(messages).map((m) => ({ language: locale.slice(0, 2), text: m.message }));
  });
}

function captionTexts(): Text[] {
  const { items } = loadSets(resolve(repoRoot, '../shared/benchmarks'));
  return items.filter((item) => !item.heldOut).map((item) => ({ language: 'en', text: item.caption }));
}

const words = (text: string) => text.match(/\p{L}+/gu)?.length ?? 0;
const BUCKETS = [
  { name: '1–3 words', holds: (n: number) => n <= 3 },
  { name: '4–7 words', holds: (n: number) => n >= 4 && n <= 7 },
  { name: '8+ words', holds: (n: number) => n >= 8 },
];

function main(): void {
  const seen = new Set<string>();
  const texts = [...captionTexts(), ...pageTexts(), ...messageTexts()]
    .map((t) => ({ ...t, text: t.text.replace(/\s+/gu, ' ').trim() }))
    .filter((t) => /\p{L}/u.test(t.text) && !seen.has(`${t.language}\u0000${t.text}`) && seen.add(`${t.language}\u0000${t.text}`));
  const languages = [...new Set(texts.map((t) => t.language))].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
  console.log(`language  ${BUCKETS.map((b) => `wrong / texts, ${b.name}`.padEnd(26)).join('')}`);
  let wrongLong = 0;
  let long = 0;
  for (const language of languages) {
    const cells = BUCKETS.map((bucket) => {
      const these = texts.filter((t) => t.language === language && bucket.holds(words(t.text)));
      const wrong = these.filter((t) => looksEnglish(t.text) !== (language === 'en'));
      if (bucket.name !== BUCKETS[0]!.name) {
        wrongLong += wrong.length;
        long += these.length;
      }
      if (language === listed) for (const t of wrong) console.log(`  wrong (${bucket.name}): ${t.text.slice(0, 160)}`);
      return `${wrong.length} / ${these.length}`.padEnd(26);
    });
    console.log(`${language.padEnd(10)}${cells.join('')}`);
  }
  console.log(`\nwrong on texts of 4 or more words: ${wrongLong} of ${long}`);
  const captions = captionTexts();
  const notEnglish = captions.filter((t) => !looksEnglish(t.text));
  console.log(`development captions of the claim sets judged not English: ${notEnglish.length} of ${captions.length}`);
  if (listed === 'en') for (const t of notEnglish) console.log(`  not English: ${t.text.slice(0, 160)}`);
}

main();
