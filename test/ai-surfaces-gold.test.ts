// @vitest-environment happy-dom
// The AI-surface gold (test/ai-surfaces/<slice>/gold.json) against its pages, for every slice, without the finder:
// each text the gold names (caption, answers, never) is on its page as the bench compares texts, each gold image is
// a picture of the page (the first whose URL holds its piece, or #id) and a different one from the others', each
// picture the slice ships (`images/…`) exists on disk, and each page the gold names exists. Failures name the slice,
// page and field, never the text, so a slice kept unread stays unread when another one is checked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AI_SURFACES_DIR, offers, readSurfacePages, wrongPick, type SurfaceOutcome } from '../scripts/ai-surfaces-gold';
import { normalize } from '../scripts/caption-metrics';

interface GoldImage {
  page: string;
  img: string;
  caption: string | null;
  answers?: { label: string | null; text: string }[];
  never?: string[];
}
interface Gold {
  pages: Record<string, unknown>;
  images: GoldImage[];
}

/** Attributes the bench reads a picture's URL from (as its `locate`). */
const URL_ATTRIBUTES = ['src', 'data-src', 'data-lazy-src', 'data-original', 'srcset'];
/** Attributes whose text a reader meets on the page (an alt, a filled-in input, a label read out). */
const TEXT_ATTRIBUTES = ['alt', 'value', 'placeholder', 'data-placeholder', 'aria-placeholder', 'aria-label', 'title'];

/**
 * A text's words as the bench compares texts (its `normalize`), quotes set aside as well: a quoted description's
 * gold leaves out the quotes around it, which `normalize` keeps.
 */
const words = (text: string) => normalize(text).replace(/['"]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Where a text can be read on the page, as words: its flowing text (each element apart from its neighbours), and each
 * attribute text on its own (an alt or a label inside a paragraph is no part of the paragraph's text).
 */
function pageTexts(doc: Document): string[] {
  const flow: string[] = [];
  const attributes: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) flow.push(node.textContent ?? '');
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (['SCRIPT', 'STYLE'].includes(element.tagName)) return;
    for (const name of TEXT_ATTRIBUTES) attributes.push(element.getAttribute(name) ?? '');
    // A declarative shadow root (`<template shadowrootmode>`) and an attached one are read where they render.
    const content = element.tagName === 'TEMPLATE' ? (element as HTMLTemplateElement).content : element.shadowRoot;
    flow.push(' ');
    for (const child of [...Array.from(content?.childNodes ?? []), ...Array.from(element.childNodes)]) walk(child);
    flow.push(' ');
  };
  walk(doc.documentElement);
  return [flow.join(''), ...attributes].map((text) => ` ${words(text)} `).filter((text) => text.trim());
}

/**
 * The text is in one of the page's texts: each of its lines (a gold text joins the blocks of an answer or a post by
 * line breaks), in their order; what the page shows between two blocks (a quote's header, a list's bullets) is no
 * part of the gold.
 */
function onPage(texts: string[], text: string): boolean {
  const lines = text.split('\n').map(words).filter(Boolean);
  return texts.some((page) => {
    let from = 0;
    for (const line of lines) {
      const at = page.indexOf(` ${line} `, from);
      if (at < 0) return false;
      from = at + line.length + 1;
    }
    return true;
  });
}

/** The page's pictures, those in a declarative shadow root (`<template shadowrootmode>`, a web component's) too. */
function picturesOf(root: ParentNode): HTMLImageElement[] {
  const shadows = Array.from(root.querySelectorAll('template[shadowrootmode]')).map((t) => (t as HTMLTemplateElement).content);
  return [...Array.from(root.querySelectorAll('img')), ...shadows.flatMap(picturesOf)];
}

/** The picture a gold `img` names: `#id`, else the first whose URL attributes hold the piece. */
function pictureOf(doc: Document, piece: string): HTMLImageElement | undefined {
  const images = picturesOf(doc);
  if (piece.startsWith('#')) return images.find((img) => img.id === piece.slice(1));
  return images.find((img) => URL_ATTRIBUTES.some((a) => (img.getAttribute(a) ?? '').includes(piece)));
}

/**
 * What is wrong with one slice's gold: `html` gives a page's markup (undefined: no such page), `fileExists` whether
 * a page-relative picture URL (query and fragment removed) names a file.
 */
function goldProblems(slice: string, gold: Gold, html: (page: string) => string | undefined, fileExists: (path: string) => boolean): string[] {
  const problems: string[] = [];
  for (const page of Object.keys(gold.pages)) {
    const markup = html(page);
    if (markup === undefined) {
      problems.push(`${slice}/${page}: the page file is missing`);
      continue;
    }
    const doc = new DOMParser().parseFromString(markup, 'text/html') as unknown as Document;
    const readable = pageTexts(doc);
    for (const img of picturesOf(doc)) {
      const src = img.getAttribute('src') ?? '';
      // Pictures a slice ships sit in its pages/images/; other URLs get the bench's stand-in picture.
      if (src.startsWith('images/') && !fileExists(src.replace(/[?#].*$/, ''))) problems.push(`${slice}/${page}: the picture file ${src} is missing`);
    }
    const chosen = new Map<Element, number>();
    gold.images.forEach((item, index) => {
      if (item.page !== page) return;
      const where = `${slice}/${page}: image ${index}`;
      const picture = pictureOf(doc, item.img);
      if (!picture) problems.push(`${where}: no picture matches its img`);
      else if (chosen.has(picture)) problems.push(`${where}: names the same picture as image ${chosen.get(picture)}`);
      else chosen.set(picture, index);
      const texts: [string, string][] = [
        ...(item.caption === null ? [] : [['caption', item.caption] as [string, string]]),
        ...(item.answers ?? []).map((a, i) => [`answers[${i}]`, a.text] as [string, string]),
        ...(item.never ?? []).map((t, i) => [`never[${i}]`, t] as [string, string]),
      ];
      for (const [field, value] of texts) {
        if (!words(value)) problems.push(`${where}: ${field} is empty`);
        else if (!onPage(readable, value)) problems.push(`${where}: ${field} is not on the page`);
      }
    });
  }
  for (const [index, item] of gold.images.entries()) if (!(item.page in gold.pages)) problems.push(`${slice}: image ${index} names a page the gold does not list`);
  return problems;
}


const slices = readdirSync(AI_SURFACES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(resolve(AI_SURFACES_DIR, entry.name, 'gold.json')))
  .map((entry) => entry.name);

describe('AI-surface gold matches its pages', () => {
  it('finds every slice, the later held-out ones included', () => {
    expect(slices).toEqual(expect.arrayContaining(['dev', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7', 'held-out-8', 'held-out-9', 'held-out-10', 'held-out-11', 'held-out-12', 'held-out-13']));
  });

  it.each(slices)('%s: every gold text is on its page, every gold image is a picture of it, every picture file exists', (slice) => {
    const dir = resolve(AI_SURFACES_DIR, slice);
    const gold = JSON.parse(readFileSync(resolve(dir, 'gold.json'), 'utf8')) as Gold;
    // The bench's own reader accepts it (the schema, the slice names).
    expect(readSurfacePages(slice).length).toBe(Object.keys(gold.pages).length);
    const html = (page: string) => {
      const file = resolve(dir, 'pages', `${page}.html`);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    };
    expect(goldProblems(slice, gold, html, (path) => existsSync(resolve(dir, 'pages', path)))).toEqual([]);
  });

  it('reports a text that is not on its page, a picture nothing matches, two gold images on one picture, a missing file', () => {
    const page = `<main><img src="images/a.png" alt="a.png"><img src="images/b.png?w=80"><p>Describe this, please.</p><div><p>A red <b>apple</b>.</p><ul><li>On a table.</li></ul></div></main>`;
    const gold: Gold = {
      pages: { p: {} },
      images: [
        { page: 'p', img: 'a.png', caption: 'A red apple. On a table.', never: ['Describe this, please.', 'a.png'] },
        { page: 'p', img: 'images/a', caption: 'A green apple.', never: ['Describe this'] },
        { page: 'p', img: 'c.png', caption: null, never: ['red apple on'] },
        { page: 'q', img: 'a.png', caption: null },
      ],
    };
    expect(goldProblems('s', gold, (name) => (name === 'p' ? page : undefined), (path) => path === 'images/a.png')).toEqual([
      's/p: the picture file images/b.png?w=80 is missing',
      's/p: image 1: names the same picture as image 0',
      's/p: image 1: caption is not on the page',
      's/p: image 2: no picture matches its img',
      's: image 3 names a page the gold does not list',
    ]);
  });
});

describe('the bench counts a request preselected', () => {
  const outcome = (ours: string): SurfaceOutcome => ({
    page: 'p',
    surface: 'chat',
    gold: { page: 'p', img: 'x', caption: 'A house.', never: ['Опиши, пожалуйста, что на этой фотографии.'] },
    ours,
    labelled: [],
  });
  it('also with a message time glued on, and not a text that only begins with it', () => {
    expect(wrongPick(outcome('Опиши, пожалуйста, что на этой фотографии.'))).toBe(true);
    expect(wrongPick(outcome('Опиши, пожалуйста, что на этой фотографии.10:41✓✓'))).toBe(true);
    expect(wrongPick(outcome('Опиши, пожалуйста, что на этой фотографии. Дом стоит у реки.'))).toBe(false);
    expect(wrongPick(outcome('A house.'))).toBe(false);
  });
});

describe('the bench counts an answer offered under its label', () => {
  const outcome = (labelled: string[]): SurfaceOutcome => ({ page: 'p', surface: 'arena', gold: { page: 'p', img: 'x', caption: 'A lake.' }, ours: '', labelled });
  it('also when the label holds a colon, and not under another label', () => {
    expect(offers(outcome(['Acme: Vision 2: A lake.']), { label: 'Acme: Vision 2', text: 'A lake.' })).toBe(true);
    expect(offers(outcome(['Acme: Vision 3: A lake.']), { label: 'Acme: Vision 2', text: 'A lake.' })).toBe(false);
    expect(offers(outcome(['Model A: A lake.']), { label: null, text: 'A lake.' })).toBe(true);
  });
});
