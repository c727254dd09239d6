import { countCannotTell, countFalse, countTrue, errorTypesOf, type CheckJob } from './job-record';
import { plural, type Translate } from './i18n';
import { errorTypeWord } from './labels';

/**
 * A finished check's one-line result, the same in the popup, side panel, report, exports and page badge:
 * "1 of 2 claims not supported — Object", "All 3 claims supported.", with "can't tell" verdicts never counted as
 * supported, and said first when nothing in the caption describes the image but it was checked anyway.
 */
export function verdictSummary(job: Pick<CheckJob, 'claims' | 'checkedAnyway'>, t: Translate): string {
  const total = job.claims.length;
  const unsupported = countFalse(job);
  const supported = countTrue(job);
  const cannotTell = countCannotTell(job);
  const missing = total - unsupported - supported - cannotTell;
  const types = errorTypesOf(job).map((type) => errorTypeWord(type, t)).join(', ');
  const line =
    unsupported > 0
      ? types
        ? plural(t, 'summaryNotSupportedTypes', total, unsupported, total, types)
        : plural(t, 'summaryNotSupported', total, unsupported, total)
      : cannotTell > 0
        ? plural(t, 'summaryCannotTell', total, supported, total, cannotTell)
        : missing > 0
          ? plural(t, 'summaryMissing', total, supported, total, missing)
          : plural(t, 'summaryAllSupported', total, total);
  return job.checkedAnyway ? t('summaryCheckedAnyway', line) : line;
}
