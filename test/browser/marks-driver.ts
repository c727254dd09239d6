// Reads the claim marks the way only DevTools can: they are boxes in a closed shadow root over the page,
// out of reach of the page's scripts (and of Playwright locators), by design.
import type { Page } from 'playwright-core';

interface DomNode {
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** One drawn mark: the claim it belongs to, its verdict class, and its box in page coordinates. */
export interface DrawnMark {
  claim: number;
  label: string;
  /** Whether the mark stands out (its claim is the one under the pointer in the side panel). */
  focused: boolean;
  box: { x: number; y: number; width: number; height: number };
}

const attrs = (node: DomNode) => {
  const list = node.attributes ?? [];
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]!] = list[i + 1]!;
  return out;
};

function* walk(node: DomNode): Generator<DomNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* walk(child);
}

/** The page's whole DOM with closed shadow roots opened, as DevTools sees it. */
async function piercedDocument(page: Page): Promise<DomNode> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return ((await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode }).root;
  } finally {
    await cdp.detach();
  }
}

const px = (style: string | undefined, name: string) => Number(new RegExp(`${name}:\\s*(-?[\\d.]+)px`).exec(style ?? '')?.[1] ?? NaN);

/** One outline of a page check's marks: the listed picture's id, its tone, whether it stands out, its label and box (page coordinates). */
export interface ListedOutline {
  id: string;
  tone: string;
  focused: boolean;
  label: string;
  box: { x: number; y: number; width: number; height: number };
}

/** Each box of one of our layers (by its host's role) that carries `attribute`: its node, attributes, classes and box. */
async function layerBoxes(page: Page, role: string, attribute: string) {
  const layer = [...walk(await piercedDocument(page))].find((n) => attrs(n)['data-caption-check'] === role);
  return [...walk(layer ?? { nodeName: 'none' })]
    .filter((n) => attrs(n)[attribute] !== undefined)
    .map((node) => {
      const a = attrs(node);
      const box = { x: px(a.style, 'left'), y: px(a.style, 'top'), width: px(a.style, 'width'), height: px(a.style, 'height') };
      return { node, a, classes: (a.class ?? '').split(/\s+/).filter(Boolean), box };
    });
}

/** The page check's outlines drawn on the page now (empty when there are none). */
export async function readListedMarks(page: Page): Promise<ListedOutline[]> {
  return (await layerBoxes(page, 'listed', 'data-listed')).map(({ node, a, classes, box }) => ({
    id: a['data-listed']!,
    tone: classes.filter((c) => c !== 'box' && c !== 'focus').join(' '),
    focused: classes.includes('focus'),
    label: [...walk(node)].filter((c) => c.nodeName === '#text').map((c) => c.nodeValue ?? '').join(''),
    box,
  }));
}

/** Whether the outline that stands out is on screen: its top, and `part` px of it (its whole height by default), inside the viewport. */
export async function focusedOutlineInView(page: Page, part = Infinity): Promise<boolean> {
  const mark = (await readListedMarks(page)).find((m) => m.focused);
  if (!mark) return false;
  const view = await page.evaluate(() => ({ top: scrollY, bottom: scrollY + innerHeight }));
  return mark.box.y >= view.top && mark.box.y + Math.min(mark.box.height, part) <= view.bottom;
}

/** The marks drawn on the page now (empty when there are none). */
export async function readMarks(page: Page): Promise<DrawnMark[]> {
  return (await layerBoxes(page, 'marks', 'data-claim')).map(({ a, classes, box }) => ({
    claim: Number(a['data-claim']),
    label: classes.filter((c) => c !== 'mark' && c !== 'focus').join(' '),
    focused: classes.includes('focus'),
    box,
  }));
}

/** Whether a mark's box covers the middle of an element of the page (page coordinates). */
export async function covers(page: Page, mark: DrawnMark, selector: string): Promise<boolean> {
  const target = await page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return { x: r.left + scrollX + r.width / 2, y: r.top + scrollY + r.height / 2 };
  }, selector);
  const { x, y, width, height } = mark.box;
  return target.x >= x && target.x <= x + width && target.y >= y && target.y <= y + height;
}

/** The badge by the checked image (its button and, when open, its panel of verdicts), in viewport coordinates; null when none. */
export async function badgeBox(page: Page): Promise<{ x: number; y: number; width: number; height: number } | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode & { nodeId: number } };
    const badge = [...walk(root)].find((n) => attrs(n)['data-caption-check'] === 'badge');
    const wrap = [...walk(badge ?? { nodeName: 'none' })].find((n) => attrs(n).class === 'wrap') as (DomNode & { nodeId: number }) | undefined;
    if (!wrap) return null;
    const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: wrap.nodeId })) as { model: { border: number[] } };
    const [x1, y1, , , x3, y3] = model.border as [number, number, number, number, number, number];
    return { x: x1, y: y1, width: x3 - x1, height: y3 - y1 };
  } finally {
    await cdp.detach();
  }
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * What each element of one of our layers (by its host's role) with the class or tag name `classOrTag` paints, in viewport
 * coordinates: its border box grown by any outline drawn outside it (`box`), its border box alone, and the border box of
 * the element it sits in (for a label, its outline).
 */
export async function paintedBoxes(page: Page, role: string, classOrTag: string): Promise<{ box: Box; border: Box; ownerBorder: Box }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode & { nodeId: number } };
    const layer = [...walk(root)].find((n) => attrs(n)['data-caption-check'] === role);
    const found: { node: DomNode & { nodeId: number }; parent: DomNode & { nodeId: number } }[] = [];
    const visit = (node: DomNode & { nodeId: number }, parent: DomNode & { nodeId: number }) => {
      if (node.nodeName === classOrTag || (attrs(node).class ?? '').split(/\s+/).includes(classOrTag)) found.push({ node, parent });
      for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])] as (DomNode & { nodeId: number })[]) visit(child, node);
    };
    if (layer) visit(layer as DomNode & { nodeId: number }, layer as DomNode & { nodeId: number });
    const painted = async (nodeId: number): Promise<{ box: Box; border: Box }> => {
      const { model } = (await cdp.send('DOM.getBoxModel', { nodeId })) as { model: { border: number[] } };
      const [x1, y1, , , x3, y3] = model.border as [number, number, number, number, number, number];
      const { computedStyle } = (await cdp.send('CSS.getComputedStyleForNode', { nodeId })) as { computedStyle: { name: string; value: string }[] };
      const style = (name: string) => computedStyle.find((p) => p.name === name)?.value ?? '';
      const grow = style('outline-style') === 'none' ? 0 : Math.max(0, parseFloat(style('outline-width')) + parseFloat(style('outline-offset')));
      return { box: { x: x1 - grow, y: y1 - grow, width: x3 - x1 + 2 * grow, height: y3 - y1 + 2 * grow }, border: { x: x1, y: y1, width: x3 - x1, height: y3 - y1 } };
    };
    const out: { box: Box; border: Box; ownerBorder: Box }[] = [];
    for (const { node, parent } of found) {
      const own = await painted(node.nodeId);
      // A shadow root (the parent of a layer's top element) has no box of its own.
      const owner = parent.nodeName === '#document-fragment' ? own : await painted(parent.nodeId);
      out.push({ ...own, ownerBorder: owner.border });
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

/**
 * The page's text that any of `overlays` covers: each text node's line boxes that intersect an overlay and do not lie
 * inside `inside` (the picture the overlay belongs to). Viewport coordinates. Empty when nothing is covered.
 */
export async function coveredText(page: Page, overlays: { box: Box; inside: Box }[]): Promise<string[]> {
  return page.evaluate((list) => {
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const meets = (a: DOMRect, b: { x: number; y: number; width: number; height: number }) =>
      a.left < b.x + b.width - 0.5 && a.right > b.x + 0.5 && a.top < b.y + b.height - 0.5 && a.bottom > b.y + 0.5;
    const within = (a: DOMRect, b: { x: number; y: number; width: number; height: number }) =>
      a.left >= b.x - 0.5 && a.right <= b.x + b.width + 0.5 && a.top >= b.y - 0.5 && a.bottom <= b.y + b.height + 0.5;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('script, style, noscript, template')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width === 0 || rect.height === 0) continue;
        if (list.some(({ box, inside }) => meets(rect, box) && !within(rect, inside))) {
          hits.push(node.textContent.trim().slice(0, 60));
          break;
        }
      }
    }
    return hits;
  }, overlays);
}
