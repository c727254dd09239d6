// Marks on the page for a tab's page check or alt-text audit: every checked picture outlined with how it
// fared, every alt finding with what is wrong, and "Show on page" bringing one of them into view.
import { plural, type Translate } from '../i18n';
import { standingFrom } from '../check/account';
import type { ListedMark } from '../page/listed-marks';
import type { AltFinding, PageCheck, PageCheckItem } from '../page-check-state';
import type { Platform } from './ports';

function itemMark(item: PageCheckItem, t: Translate): ListedMark | null {
  if (!item.selected) return null;
  if (item.state === 'error') return { id: item.id, tone: 'failed', label: t('pageMarkFailed') };
  if (item.state !== 'done') return null;
  if (item.unsupported > 0) return { id: item.id, tone: 'bad', label: plural(t, 'pageMarkUnsupported', item.unsupported, item.unsupported) };
  if (standingFrom({ ...item, status: item.state }) === 'supported') return { id: item.id, tone: 'good', label: t('pageMarkSupported') };
  // Nothing found wrong, but not everything could be told: neutral, never the green tick.
  const untold = item.claims - item.supported;
  return { id: item.id, tone: 'unsettled', label: plural(t, 'pageMarkUnsettled', untold, untold) };
}

function findingMark(finding: AltFinding, t: Translate): ListedMark {
  const label = { 'missing-alt': t('altFindingMissing'), 'file-name-alt': t('pageMarkFileName'), 'placeholder-alt': t('pageMarkPlaceholder') }[finding.kind];
  return { id: finding.id, tone: 'finding', label };
}

/** The marks a page check puts on its page: its ended rows, and (audit) its findings. */
export function listedMarks(check: PageCheck, t: Translate): ListedMark[] {
  const rows = check.items.map((item) => itemMark(item, t)).filter((mark): mark is ListedMark => mark !== null);
  return [...rows, ...check.findings.map((finding) => findingMark(finding, t))];
}

/**
 * Draws the tab's page-check marks on its page; with `focus` (a row's or finding's id) that picture is
 * scrolled into view and stands out. Whether `focus` was found (with none: whether anything was drawn).
 * A page out of reach throws the CheckError that says why.
 */
export async function markPageCheck(platform: Platform, tabId: number, focus: string | null): Promise<boolean> {
  const check = await platform.loadPageCheck(tabId);
  if (!check) return false;
  const result = await platform.callPage({ tabId, frameId: 0 }, 'markListed', listedMarks(check, platform.translate), focus);
  return focus === null ? result.drawn > 0 : result.focused;
}
