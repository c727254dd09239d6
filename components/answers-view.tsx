import { claimState, type CheckJob } from '@/lib/job-record';
import type { Translate } from '@/lib/i18n';
import { answersOf, betterAnswer, verdictSummary } from '@/lib/check/account';
import { setAsideReasonWord } from '@/lib/labels';
import { CaptionSpans } from './caption-spans';
import { ClaimRow } from './claim-row';

export interface AnswersViewProps {
  job: CheckJob & { secondAnswer: NonNullable<CheckJob['secondAnswer']> };
  t: Translate;
}

/**
 * "Check both": two answers to one image, each under the page's name with its counts, its caption marked claim by
 * claim and each claim's verdict and error types; the one that held up better is named in words, not only colour.
 * Side by side where the side panel is wide enough, stacked in the popup.
 */
export function AnswersView({ job, t }: AnswersViewProps) {
  const better = job.status === 'done' ? betterAnswer(job) : null;
  return (
    <section className="answers" aria-labelledby="answers-title" data-testid="answers">
      <h2 id="answers-title">{t('bothTitle')}</h2>
      <div className="answers__grid">
        {answersOf(job, t).map((answer, n) => (
          <section key={n} className={`answer${better === n ? ' answer--better' : ''}`} aria-labelledby={`answer-${n}`} data-testid="answer" data-better={String(better === n)}>
            <h3 id={`answer-${n}`} className="answer__name">
              <bdi dir="auto">{answer.label}</bdi>
              {/* The space keeps the heading's spoken name "Model A held up better", not run together. */}
              {better === n && <> <span className="answer__better">{t('bothBetterTag')}</span></>}
            </h3>
            {/* Under its name, the answer's own one-line result, as a single check says it ("1 of 4 claims not supported — Object"). */}
            <p className="answer__counts" data-testid="answer-counts">
              {answer.claims.length ? verdictSummary({ claims: answer.claims }, t) : t('bothNoClaims', answer.label)}
            </p>
            <CaptionSpans
              caption={answer.caption}
              pieces={[
                ...answer.claims.map((c) => ({ start: c.start, end: c.end, kind: claimState(c, job) })),
                ...answer.setAside.map((s) => ({ start: s.start, end: s.end, kind: 'set-aside' as const })),
              ]}
              t={t}
            />
            {answer.credit && <p className="credit">{t('resultCredit', answer.credit)}</p>}
            <ol className="claims" aria-label={t('bothClaimsLabel', answer.label)}>
              {answer.claims.map((claim, i) => (
                <ClaimRow key={`${i}:${claim.start}:${claim.text}`} claim={claim} state={claimState(claim, job)} index={i} t={t} />
              ))}
            </ol>
            {answer.setAside.length > 0 && (
              <ul className="set-aside" aria-label={t('notChecked')}>
                {answer.setAside.map((piece) => (
                  <li key={piece.start} data-testid="set-aside">
                    <span className="set-aside__text" dir="auto">{piece.text}</span> <span className="set-aside__reason">— {setAsideReasonWord(piece.reason, t)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
