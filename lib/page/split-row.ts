// A virtualised grid (role=grid or treegrid) may draw one row as several row elements, one per pinned or scrolling
// part (a picture column pinned apart from the text columns), tied by the same aria-rowindex, with its column headers
// in a header part of their own tied to the cells by aria-colindex. Pure DOM reads.
import { collapse, renderedLines } from './caption-text';

const CELL = '[role="gridcell"], [role="cell"], td';

/** One cell of a row drawn in parts, with its column's header's first line. */
export interface SplitCell {
  element: Element;
  column: string;
  label: string;
}

/** The cells of the row elements of `group`, in column order. */
function cellsOf(group: Element[], header: (column: string) => string): SplitCell[] {
  return group
    .flatMap((r) => Array.from(r.querySelectorAll(CELL)).filter((c) => c.closest('[role="row"]') === r))
    .map((element) => ({ element, column: element.getAttribute('aria-colindex') ?? '', label: header(element.getAttribute('aria-colindex') ?? '') }))
    .sort((a, b) => Number(a.column) - Number(b.column));
}

/**
 * The picture's row when the grid draws it in parts: the other cells of every part with the row's aria-rowindex, each
 * labelled by the column header of the same aria-colindex, and the other rows' cells the same way. Null when the row
 * is drawn whole (or carries no index).
 */
export function splitRow(cell: Element, row: Element, table: Element): { cells: SplitCell[]; otherRows: SplitCell[][] } | null {
  const index = row.getAttribute('aria-rowindex');
  if (!index) return null;
  const rows = Array.from(table.querySelectorAll('[role="row"]')).filter((r) => r.querySelector(CELL));
  const parts = rows.filter((r) => r.getAttribute('aria-rowindex') === index);
  if (parts.length < 2) return null;
  const headers = Array.from(table.querySelectorAll('[role="columnheader"]'));
  const header = (column: string) => {
    const found = column ? headers.find((h) => h.getAttribute('aria-colindex') === column) : undefined;
    return found ? collapse(renderedLines(found)[0]) : '';
  };
  const others = new Map<string, Element[]>();
  for (const r of rows) {
    const at = r.getAttribute('aria-rowindex') ?? '';
    if (at !== index) others.set(at, [...(others.get(at) ?? []), r]);
  }
  return {
    cells: cellsOf(parts, header).filter((c) => c.element !== cell && !c.element.contains(cell)),
    otherRows: [...others.values()].map((group) => cellsOf(group, header)),
  };
}
