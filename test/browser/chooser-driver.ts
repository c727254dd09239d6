// Reads the caption chooser the way a screen reader does (the accessibility tree): its shadow root is
// closed, so page scripts and Playwright locators cannot see into it — by design.
import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';

interface AXValue {
  value?: unknown;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  value?: AXValue;
  childIds?: string[];
  properties?: { name: string; value: AXValue }[];
}

/** What the chooser shows: its label, the caption box, the candidate buttons in order, the notice. */
export interface ChooserView {
  label: string;
  caption: string;
  candidates: string[];
  buttons: string[];
  status: string;
  /** Every line of text the dialog shows, in order (the hint included). */
  text: string[];
}

const sessions = new WeakMap<Page, CDPSession>();

async function session(page: Page): Promise<CDPSession> {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Accessibility.enable');
    sessions.set(page, cdp);
  }
  return cdp;
}

const text = (v: AXValue | undefined) => (typeof v?.value === 'string' ? v.value : '');

/** The open chooser as the accessibility tree exposes it, or null when none is open. */
export async function readChooser(page: Page): Promise<ChooserView | null> {
  const cdp = await session(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const dialog = nodes.find((n) => text(n.role) === 'dialog' && text(n.name).startsWith('Caption Check'));
  if (!dialog) return null;
  const inside: AXNode[] = [];
  const walk = (node: AXNode) => {
    inside.push(node);
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (child) walk(child);
    }
  };
  walk(dialog);
  const box = inside.find((n) => text(n.role) === 'textbox');
  const group = inside.find((n) => text(n.role) === 'group');
  const groupIds = new Set<string>();
  if (group) {
    const collect = (node: AXNode) => {
      groupIds.add(node.nodeId);
      for (const id of node.childIds ?? []) {
        const c = byId.get(id);
        if (c) collect(c);
      }
    };
    collect(group);
  }
  const buttons = inside.filter((n) => text(n.role) === 'button' && !n.ignored);
  const staticText = (node: AXNode) => text(node.role) === 'StaticText';
  return {
    label: text(dialog.name),
    caption: text(box?.value),
    candidates: buttons.filter((b) => groupIds.has(b.nodeId)).map((b) => text(b.name)),
    buttons: buttons.filter((b) => !groupIds.has(b.nodeId)).map((b) => text(b.name)),
    status: inside
      .filter((n) => text(n.role) === 'status')
      .flatMap((n) => {
        const names: string[] = [];
        const collect = (node: AXNode) => {
          if (staticText(node)) names.push(text(node.name));
          for (const id of node.childIds ?? []) {
            const c = byId.get(id);
            if (c) collect(c);
          }
        };
        collect(n);
        return names;
      })
      .join(' '),
    text: inside.filter(staticText).map((n) => text(n.name)),
  };
}

/** Waits until the chooser is open and returns what it shows. */
export async function waitForChooser(page: Page, timeoutMs = 15_000): Promise<ChooserView> {
  let view: ChooserView | null = null;
  // Open means shown: the dialog can be in the accessibility tree while its controls are still ignored (not yet
  // laid out), and every chooser has its Check and Cancel buttons.
  await expect
    .poll(async () => ((view = await readChooser(page)) !== null && view.buttons.length > 0), { timeout: timeoutMs, message: 'The caption chooser did not open' })
    .toBe(true);
  return view!;
}

/** Waits until the chooser has closed. */
export async function waitForChooserClosed(page: Page, timeoutMs = 15_000): Promise<void> {
  await expect.poll(async () => (await readChooser(page)) === null, { timeout: timeoutMs, message: 'The caption chooser did not close' }).toBe(true);
}

/** Accepts the chooser's first candidate the way a keyboard user does: it opens focused on the caption box; Enter checks. */
export async function confirmChooser(page: Page): Promise<ChooserView> {
  const view = await waitForChooser(page);
  await page.keyboard.press('Enter');
  return view;
}

/** The role and name of the focused element as the accessibility tree has it (it sees into closed shadow roots). */
export async function focusedControl(page: Page): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const node = nodes.find((n) => n.role?.value !== 'RootWebArea' && n.properties?.some((p) => p.name === 'focused' && p.value.value === true));
    return node ? `${String(node.role?.value)}: ${String(node.name?.value ?? '')}` : null;
  } finally {
    await cdp.detach();
  }
}

/** The text of the first live status on the page as the accessibility tree reads it (the picker's hint, in a closed shadow root). */
export async function statusText(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const status = nodes.find((n) => text(n.role) === 'status' && !n.ignored);
    const texts: string[] = [];
    const walk = (node: AXNode) => {
      if (text(node.role) === 'StaticText') texts.push(text(node.name));
      for (const id of node.childIds ?? []) walk(byId.get(id)!);
    };
    if (status) walk(status);
    return texts.join(' ');
  } finally {
    await cdp.detach();
  }
}
