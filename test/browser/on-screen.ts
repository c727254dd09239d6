// Where our in-page UI is on the screen, read as a person sees it: the box of what is drawn (inside our
// closed shadow roots, reached through DevTools), in the page's own viewport coordinates, next to the
// box of the image it belongs to.
import type { CDPSession, Page } from 'playwright-core';

/** A box in viewport (client) coordinates, CSS pixels of the page. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface AXNode {
  role?: { value?: unknown };
  name?: { value?: unknown };
  backendDOMNodeId?: number;
}

interface DomNode {
  nodeName: string;
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function* walk(node: DomNode): Generator<DomNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* walk(child);
}

async function clientBox(cdp: CDPSession, backendNodeId: number): Promise<Box> {
  const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId })) as { object: { objectId: string } };
  const { result } = (await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: 'function () { const r = this.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; }',
    returnByValue: true,
  })) as { result: { value: Box } };
  return result.value;
}

async function withSession<T>(page: Page, use: (cdp: CDPSession) => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    return await use(cdp);
  } finally {
    await cdp.detach();
  }
}

/** The caption dialog's box (found as a screen reader finds it: the "Caption Check…" dialog), or null when none is open. */
export async function dialogBox(page: Page): Promise<Box | null> {
  return withSession(page, async (cdp) => {
    await cdp.send('Accessibility.enable');
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const dialog = nodes.find((n) => n.role?.value === 'dialog' && String(n.name?.value ?? '').startsWith('Caption Check'));
    return dialog?.backendDOMNodeId ? clientBox(cdp, dialog.backendDOMNodeId) : null;
  });
}

/** The box of the first `nodeName` element inside our host with this role (e.g. the badge's BUTTON), or null. */
export async function shadowBox(page: Page, role: string, nodeName: string): Promise<Box | null> {
  return withSession(page, async (cdp) => {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const host = [...walk(root)].find((n) => {
      const a = n.attributes ?? [];
      return a.some((value, i) => i % 2 === 0 && value === 'data-caption-check' && a[i + 1] === role);
    });
    const target = host && [...walk(host)].find((n) => n.nodeName === nodeName);
    return target ? clientBox(cdp, target.backendNodeId) : null;
  });
}

/** The box of a page element, and the viewport (without scrollbars). */
export async function pageBoxes(page: Page, selector: string): Promise<{ image: Box; viewport: { width: number; height: number } }> {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return {
      image: { left: r.left, top: r.top, width: r.width, height: r.height },
      viewport: { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
    };
  }, selector);
}

/** The share of `box`'s area inside the viewport (0–1). */
export function shareInView(box: Box, viewport: { width: number; height: number }): number {
  const w = Math.max(0, Math.min(box.left + box.width, viewport.width) - Math.max(box.left, 0));
  const h = Math.max(0, Math.min(box.top + box.height, viewport.height) - Math.max(box.top, 0));
  return box.width * box.height > 0 ? (w * h) / (box.width * box.height) : 0;
}

/** The gap between two boxes in px (0 when they touch or overlap). */
export function gapBetween(a: Box, b: Box): number {
  const dx = Math.max(0, a.left - (b.left + b.width), b.left - (a.left + a.width));
  const dy = Math.max(0, a.top - (b.top + b.height), b.top - (a.top + a.height));
  return Math.hypot(dx, dy);
}
