// Opening a row of a page check: its finished check becomes the tab's check, with everything the single
// check offers (Re-run, Edit claims, Compare, Save report) and its marks on the page. The image is read
// again from the listed element, so Edit claims and Compare work against that picture.
import type { CheckJob } from '../job-record';
import { CheckError } from '../errors';
import { itemFromJob } from '../page-check-state';
import { showMarks } from './marks';
import { listedMarks } from './page-marks';
import type { ExtensionPort, PagePort, Platform, StoragePort } from './ports';

/**
 * Makes row `id`'s finished check (the history entry `fromHistory` finds by its job id) the tab's check.
 * Throws a CheckError that says what to do when the row has no finished check, its entry is gone from
 * history, or a check of the tab is running.
 */
export async function openPageCheckRow(platform: Platform, tabId: number, id: string, fromHistory: (jobId: string) => Promise<CheckJob | null>): Promise<void> {
  const t = platform.translate;
  const check = await platform.loadPageCheck(tabId);
  const item = check?.items.find((i) => i.id === id);
  if (!check || !item?.jobId || item.state !== 'done') throw new CheckError('interrupted', t('pageCheckRowNotDone'));
  const found = await fromHistory(item.jobId);
  if (!found) throw new CheckError('interrupted', t('pageCheckNoEntry'));
  if (platform.tasks.running('check', tabId)) throw new CheckError('interrupted', t('pageCheckRowBusy'));
  const settings = await platform.loadSettings();
  const target = { tabId, frameId: 0, srcUrl: item.imageUrl, pageUrl: check.pageUrl };
  let image = '';
  try {
    const url = await platform.callPage(target, 'selectCaptioned', id);
    if (url) image = (await platform.startImageRead({ ...target, srcUrl: url }, settings.maxImageEdge, new AbortController().signal)(url)).dataUrl;
  } catch {
    // The picture is gone or out of reach: the check still opens; Edit claims and Compare then say the image is not kept.
  }
  // An empty value reads back as no image, so an earlier check's picture is never re-checked under this one's claims.
  await platform.saveTabImage(tabId, image).catch(() => {});
  const job: CheckJob = { ...found, tabId, frameId: 0 };
  await platform.saveJob(job);
  await platform.showBadge(job).catch(() => {});
  await showMarks(platform, job);
}

/**
 * A re-check, edit or re-run of an opened page-check row (a finished job that names the row's check in
 * `recheckOf`): the row, the summary and the page's labels follow it, so one picture never carries two verdicts.
 */
export async function followRow(platform: StoragePort & PagePort & ExtensionPort, job: CheckJob): Promise<void> {
  if (job.status !== 'done' || !job.recheckOf) return;
  const check = await platform.loadPageCheck(job.tabId);
  if (check?.status !== 'done' || !check.items.some((i) => i.jobId === job.recheckOf)) return;
  const next = { ...check, items: check.items.map((i) => (i.jobId === job.recheckOf ? itemFromJob(i, job) : i)) };
  await platform.savePageCheck(next);
  await platform.callPage({ tabId: job.tabId, frameId: 0 }, 'markListed', listedMarks(next, platform.translate), null).catch(() => {});
}
