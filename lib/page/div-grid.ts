// A table built of plain divs, without <table> or ARIA roles (a no-code base's grid, a data manager): rows alike in
// tag and class, one cell per column, and each column's header cell elsewhere on the page tied to its cells by the
// same data-* value (data-columnid="fld…"). Also which column headers say their column holds the picture's
// description or a model's output ("Bildbeschreibung (KI)", "Generated caption", "Alt text"): those come first.
import { collapse, renderedLines } from './caption-text';
import { isOutputLabel, namesAltText } from './ui-labels';

/** How far up from the picture its cell may be (an attachment's thumbnail sits in a wrapper or two). */
const CELL_LEVELS = 4;

/** Enough rows to see that a cell's column key repeats, on a grid of thousands. */
const ROWS_READ = 200;

const classWord = (el: Element) => (el.getAttribute('class') ?? '').trim().split(/\s+/)[0] ?? '';

/** Elements alike as rows of one grid: the same tag and the same first class word. */
const alike = (a: Element, b: Element) => a !== b && a.tagName === b.tagName && !!classWord(a) && classWord(a) === classWord(b);

/** The data-* attribute that names a cell's column, with its value, when other rows' cells carry the same one. */
function columnKey(cell: Element, row: Element): [string, string] | null {
  const rows = Array.from(row.parentElement?.children ?? []).filter((r) => alike(r, row)).slice(0, ROWS_READ);
  for (const { name, value } of Array.from(cell.attributes)) {
    if (!name.startsWith('data-') || !value) continue;
    if (rows.some((r) => Array.from(r.children).some((c) => c.getAttribute(name) === value))) return [name, value];
  }
  return null;
}

/** The header cell of a column: an element with the same column key outside every row. */
function headerCell(key: [string, string], rowsParent: Element): Element | null {
  const [name, value] = key;
  return Array.from(document.querySelectorAll(`[${CSS.escape(name)}]`)).find((el) => el.getAttribute(name) === value && !rowsParent.contains(el)) ?? null;
}

/**
 * A header that says what its column holds is an output or the picture's description ("Generated caption",
 * "Bildbeschreibung (KI)", "Alt text"), in any of the extension's languages. A model's name ("BLIP-2") says only whose
 * it is: one of several models' columns, none first.
 */
export function headerNamesOutput(label: string): boolean {
  const bare = collapse(label).replace(/^[^\p{L}\p{N}]+/u, '');
  return !!bare && (isOutputLabel(bare) || namesAltText(bare));
}

export interface GridRow {
  /** The picture's row's other cells, each with its column header's first line. */
  cells: { element: Element; label: string }[];
  /** The other rows' cells' texts: never offered as equals. */
  otherRows: string[];
  /** The picture's row and the other rows of the grid, to compare column by column (rows-and-posts.ts `constantColumns`). */
  row: Element;
  others: Element[];
}

/**
 * The picture's row in a grid of divs: the other cells of its row, labelled by the header cell its column key leads
 * to. Only where the rows are alike siblings and the header is found that way (a chat's alike messages have none).
 */
export function divGridRow(image: Element): GridRow | null {
  let cell: Element | null = image.parentElement;
  for (let level = 0; cell && cell.parentElement && level < CELL_LEVELS; level++, cell = cell.parentElement) {
    const row = cell.parentElement;
    const rowsParent = row.parentElement;
    if (!rowsParent || row.children.length < 2) continue;
    const rows = Array.from(rowsParent.children).filter((r) => r === row || alike(r, row));
    if (rows.length < 2) continue;
    const key = columnKey(cell, row);
    if (!key || !headerCell(key, rowsParent)) continue;
    const cells = Array.from(row.children)
      .filter((other) => other !== cell && !other.querySelector('img'))
      .map((element) => {
        const own = columnKey(element, row);
        const header = own ? headerCell(own, rowsParent) : null;
        return { element, label: header ? collapse(renderedLines(header)[0]).replace(/^[^\p{L}\p{N}]+/u, '') : '' };
      });
    const otherRows = rows
      .filter((r) => r !== row)
      .flatMap((r) => Array.from(r.children).map((c) => collapse(c.textContent)))
      .filter(Boolean);
    return { cells, otherRows, row, others: rows.filter((r) => r !== row) };
  }
  return null;
}
