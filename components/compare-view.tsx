import { errorTypeWord } from '@/lib/labels';
import { claimState, disagreements, verdictState, type CheckJob } from '@/lib/job-record';
import { plural, type Translate } from '@/lib/i18n';
import type { Verdict } from '@/lib/verify/schema';
import { STATE_TEXT, UNSURE_TEXT } from './claim-row';

export interface CompareViewProps {
  job: CheckJob & { comparison: NonNullable<CheckJob['comparison']> };
  t: Translate;
}

/**
 * One model's verdict on a claim. `decided` is that model's own calibration's judgement (undefined
 * without one): an undecided verdict reads "Unsure — look yourself", its leaning kept in brackets.
 */
function Cell({ verdict, pending, decided, t }: { verdict: Verdict | null; pending: boolean; decided: boolean | null | undefined; t: Translate }) {
  // A verdict whose reasoning says it cannot be told is named so here too, never "Supported".
  const state = verdictState({ verdict }) ?? (pending ? 'pending' : 'error');
  const unsure = verdict !== null && decided === false;
  const { icon, word } = unsure ? UNSURE_TEXT : STATE_TEXT[state];
  return (
    <td className={`cmp cmp--${unsure ? 'unsure' : state}`} {...(verdict && typeof decided === 'boolean' ? { 'data-decided': String(decided) } : {})}>
      <span aria-hidden="true">{icon}</span> {t(word)}
      {unsure && <span className="cmp__leaning"> ({t(STATE_TEXT[state].word)})</span>}
      {verdict && verdict.error_type.length > 0 && <span className="cmp__types"> · {verdict.error_type.map((type) => errorTypeWord(type, t)).join(', ')}</span>}
    </td>
  );
}

/** The same claims under two models, side by side; rows where they disagree are marked in words, not only colour. */
export function CompareView({ job, t }: CompareViewProps) {
  const run = job.comparison;
  const differ = new Set(disagreements(job));
  return (
    <section className="compare" aria-labelledby="compare-title">
      <h2 id="compare-title">{t('compareTitle')}</h2>
      <p className="compare__summary" data-testid="compare-summary" data-state={run.status} role="status">
        {run.status === 'running'
          ? t('compareRunning', run.model)
          : run.status === 'error'
            ? run.error?.message ?? t('compareFailed')
            : differ.size === 0
              ? plural(t, 'compareAgree', job.claims.length, job.claims.length)
              : plural(t, 'compareDisagree', job.claims.length, differ.size, job.claims.length)}
      </p>
      <table className="compare__table">
        <thead>
          <tr>
            <th scope="col">{t('compareClaim')}</th>
            <th scope="col">{job.model}</th>
            <th scope="col">{run.model}</th>
          </tr>
        </thead>
        <tbody>
          {job.claims.map((claim, i) => (
            <tr key={i} data-testid="compare-row" data-disagree={String(differ.has(i))} className={differ.has(i) ? 'disagree' : undefined}>
              <th scope="row">
                {differ.has(i) && <span className="disagree__tag">{t('compareDisagreeTag')} </span>}
                <bdi dir="auto">{claim.text}</bdi>
              </th>
              <Cell verdict={claim.verdict} pending={claimState(claim, job) === 'pending'} decided={claim.decided} t={t} />
              <Cell verdict={run.verdicts[i] ?? null} pending={run.status === 'running'} decided={run.decided?.[i]} t={t} />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
