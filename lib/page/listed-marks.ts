// Marks on the page for a page check or an alt-text audit: an outline round every listed picture the
// popup asks for (each checked caption's image, each alt finding), with a short label ("✗ 2 claims not
// supported", "No alt attribute"); "Show on page" scrolls one into view and makes its outline stand out.
// Drawn in our own closed shadow root over the page, as the claim marks are: the page's DOM is not changed.
import { listedElement } from './captioned-images';
import { boxOver, layOverPage } from './mark-layer';
import { trusted } from './shadow-host';

/** One listed picture to mark: its listing id, how it fared, and the label beside it. */
export interface ListedMark {
  id: string;
  tone: 'bad' | 'good' | 'unsettled' | 'finding' | 'failed';
  label: string;
}

const STYLE = `
:host { all: initial !important; position: absolute !important; top: 0 !important; left: 0 !important; width: 0 !important;
  height: 0 !important; overflow: visible !important; pointer-events: none !important; z-index: 2147483646 !important; display: block !important; }
.box { position: absolute; box-sizing: border-box; border: 3px solid; border-radius: 4px; }
/* The label sits inside the picture's top corner (never over the page's text around it), cut to the picture's width. */
.box span { position: absolute; left: 0; top: 0; box-sizing: border-box; font: 600 12px/1.4 system-ui, sans-serif;
  padding: 1px 6px; border-radius: 0 0 4px 0; color: #fff; white-space: nowrap; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
.bad { border-color: #b3261e; } .bad span { background: #b3261e; }
.good { border-color: #1e7d32; border-style: dashed; } .good span { background: #1e7d32; }
.finding { border-color: #8a4b00; border-style: dotted; } .finding span { background: #8a4b00; }
.failed { border-color: #5f6368; border-style: dotted; } .failed span { background: #5f6368; }
.unsettled { border-color: #5f6368; border-style: dashed; } .unsettled span { background: #5f6368; }
/* The picture shown stands out with a ring inside its outline: nothing is drawn beyond the picture's own box. */
.focus { border-width: 5px; outline: 3px solid #1a73e8; outline-offset: -8px; }
`;

let teardown: (() => void) | null = null;

/** Removes the listed marks, if any. */
export function clearListedMarks(): void {
  teardown?.();
  teardown = null;
}

/**
 * Outlines each listed picture that is still on the page, and with `focus` scrolls that one into view
 * and makes it stand out. Esc or leaving the page removes the marks. Returns how many were drawn, and
 * whether the focused one was found (false also when `focus` is null).
 */
export function markListed(marks: readonly ListedMark[], focus: string | null): { drawn: number; focused: boolean } {
  clearListedMarks();
  const shown = marks.map((mark) => ({ mark, element: listedElement(mark.id) })).filter((m): m is { mark: ListedMark; element: Element } => m.element !== null);
  const target = focus === null ? null : (listedElement(focus) ?? null);
  if (target && !shown.some((m) => m.element === target)) shown.push({ mark: { id: focus!, tone: 'finding', label: '' }, element: target });
  if (shown.length === 0) return { drawn: 0, focused: false };
  const controller = new AbortController();
  const { signal } = controller;
  if (target) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }
  layOverPage(
    'listed',
    STYLE,
    (origin) =>
      shown.map(({ mark, element }) => {
        const box = boxOver(element.getBoundingClientRect(), origin, `box ${mark.tone}${element === target ? ' focus' : ''}`);
        box.dataset.listed = mark.id;
        if (mark.label) {
          const label = document.createElement('span');
          label.textContent = mark.label;
          box.append(label);
        }
        return box;
      }),
    signal,
  );
  document.addEventListener('keydown', trusted((event: KeyboardEvent) => event.key === 'Escape' && clearListedMarks()), { signal });
  window.addEventListener('pagehide', () => clearListedMarks(), { signal });
  teardown = () => controller.abort();
  return { drawn: shown.length, focused: target !== null };
}
