// What a page check (or alt-text audit) found, said the way a desk acts on it: what is wrong first
// ("2 of 5 images have unsupported claims — 3 claims: Object ×2, Quantitative ×1"), the rows worst
// first, and the audit's page totals. Shared by the popup and the saved report.
import { formatNumber, plural, type Translate } from './i18n';
import type { PageCheck, PageCheckItem } from './page-check-state';
import { errorTypeSchema } from './verify/schema';

/** Where a row stands in the worst-first order: unsupported claims, then failed checks, then the rest. */
function rank(item: PageCheckItem): number {
  if (item.state === 'done' && item.unsupported > 0) return 0;
  if (item.state === 'error') return 1;
  if (item.state === 'done') return 2;
  return item.state === 'running' ? 3 : 4;
}

/** The ticked rows, worst first: most unsupported claims first, then failures, then supported, then the waiting ones (stable otherwise). */
export function worstFirst(items: readonly PageCheckItem[]): PageCheckItem[] {
  return items
    .filter((item) => item.selected)
    .map((item, at) => ({ item, at }))
    .sort((a, b) => rank(a.item) - rank(b.item) || b.item.unsupported - a.item.unsupported || a.at - b.at)
    .map(({ item }) => item);
}

/** "Object ×2, Quantitative ×1": the error types of the unsupported claims over all rows, in the seed's order. */
export function typeCountsLine(items: readonly PageCheckItem[], t: Translate): string {
  return errorTypeSchema.options
    .map((type) => [type, items.reduce((sum, item) => sum + (item.errorTypeCounts[type] ?? 0), 0)] as const)
    .filter(([, count]) => count > 0)
    .map(([type, count]) => t('pageCheckTypeCount', type, formatNumber(count, undefined, t)))
    .join(', ');
}

/**
 * The finished (or partly finished) run in one line, leading with what is wrong; null before any row has ended.
 * "2 of 5 images have unsupported claims — 3 claims: Object ×2, Quantitative ×1. 1 image could not be checked."
 */
export function pageCheckSummary(check: Pick<PageCheck, 'items'>, t: Translate): string | null {
  const ended = check.items.filter((i) => i.selected && (i.state === 'done' || i.state === 'error'));
  if (ended.length === 0) return null;
  const done = ended.filter((i) => i.state === 'done');
  const bad = done.filter((i) => i.unsupported > 0);
  const failed = ended.length - done.length;
  const n = (value: number) => formatNumber(value, undefined, t);
  const parts: string[] = [];
  if (bad.length) {
    const claims = bad.reduce((sum, i) => sum + i.unsupported, 0);
    const types = typeCountsLine(bad, t);
    const claimsPart = types ? plural(t, 'pageCheckSummaryClaims', claims, n(claims), types) : n(claims);
    parts.push(plural(t, 'pageCheckSummaryBad', bad.length, n(bad.length), n(done.length), claimsPart));
  } else if (done.length) parts.push(plural(t, 'pageCheckSummaryGood', done.length, n(done.length)));
  if (failed) parts.push(plural(t, 'pageCheckSummaryFailed', failed, n(failed)));
  // A sentence followed by another ends with a full stop ("… Quantitative ×1. 1 image could not be checked.").
  return parts.map((part, at) => (at < parts.length - 1 && !/[.!?。]$/u.test(part) ? `${part}.` : part)).join(' ');
}

/** The alt-text audit's page totals: pictures listed, alt texts that describe, findings by kind, alt texts found wrong. */
export interface AuditTotals {
  images: number;
  described: number;
  missingAlt: number;
  /** Placeholder alts and file names as alt. */
  placeholder: number;
  /** Alt texts with at least one claim the model found not supported (0 before a run). */
  notSupported: number;
}

export function auditTotals(check: Pick<PageCheck, 'items' | 'findings' | 'counts'>): AuditTotals {
  const missingAlt = check.findings.filter((f) => f.kind === 'missing-alt').length;
  // Counted over the whole page where the page counted (the lists stop at 50 each); else over the lists.
  const counted = check.counts ?? {
    images: check.items.length + check.findings.length,
    described: check.items.length,
    missingAlt,
    placeholder: check.findings.length - missingAlt,
  };
  return {
    ...counted,
    notSupported: check.items.filter((i) => i.selected && i.state === 'done' && i.unsupported > 0).length,
  };
}

/** "40 images · 9 described · 28 missing alt · 3 placeholder · 1 not supported". */
export function auditTotalsLine(check: Pick<PageCheck, 'items' | 'findings' | 'counts'>, t: Translate): string {
  const totals = auditTotals(check);
  const n = (value: number) => formatNumber(value, undefined, t);
  return [
    plural(t, 'auditTotalImages', totals.images, n(totals.images)),
    t('auditTotalDescribed', n(totals.described)),
    t('auditTotalMissing', n(totals.missingAlt)),
    t('auditTotalPlaceholder', n(totals.placeholder)),
    t('auditTotalNotSupported', n(totals.notSupported)),
  ].join(' · ');
}
