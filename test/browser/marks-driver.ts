// Reads the claim marks the way only DevTools can: they are boxes in a closed shadow root over the page,
// out of reach of the page's scripts (and of Playwright locators), by design.
import type { Page } from 'playwright-core';

interface DomNode {
  nodeName: string;
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

/** The marks drawn on the page now (empty when there are none). */
export async function readMarks(page: Page): Promise<DrawnMark[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const layer = [...walk(root)].find((n) => attrs(n)['data-caption-check'] === 'marks');
    if (!layer) return [];
    return [...walk(layer)]
      .filter((n) => attrs(n)['data-claim'] !== undefined)
      .map((n) => {
        const a = attrs(n);
        const classes = (a.class ?? '').split(/\s+/);
        const px = (name: string) => Number(new RegExp(`${name}:\\s*(-?[\\d.]+)px`).exec(a.style ?? '')?.[1] ?? NaN);
        return {
          claim: Number(a['data-claim']),
          label: classes.filter((c) => c && c !== 'mark' && c !== 'focus').join(' '),
          focused: classes.includes('focus'),
          box: { x: px('left'), y: px('top'), width: px('width'), height: px('height') },
        };
      });
  } finally {
    await cdp.detach();
  }
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
