import { modelWord } from '@/lib/labels';
import { useState, type ReactNode } from 'react';
import { allClaims, claimState, decidedCount, type CheckJob } from '@/lib/job-record';
import { formatNumber, plural, type MessageKey, type Translate } from '@/lib/i18n';
import { claimsWithSetAside } from '@/lib/recheck-lifecycle';
import { fileNameOf, hostNameOf } from '@/lib/url-names';
import { standingOf, verdictSummary } from '@/lib/check/account';
import { ERROR_TYPES } from '@/lib/verify/schema';
import { AnswersView } from './answers-view';
import { CaptionSpans, type CaptionPiece } from './caption-spans';
import { ClaimEditor } from './claim-editor';
import { ClaimRow } from './claim-row';
import { CompareView } from './compare-view';
import { ErrorHelp, type FixAction } from './error-help';
import { SetAsideList } from './set-aside-list';

const PHASE_TEXT: Record<CheckJob['phase'], MessageKey> = {
  gathering: 'phaseGathering',
  image: 'phaseImage',
  verifying: 'phaseVerifying',
  finished: 'phaseVerifying',
};

/** The status line: progress while running, what went wrong, or "2 of 5 claims not supported — Quantitative, Object". */
export function statusText(job: CheckJob, t: Translate): string {
  if (job.status === 'error') return job.error?.message ?? t('checkFailed');
  if (job.status === 'running') {
    const claims = allClaims(job);
    const done = claims.filter((c) => c.verdict).length;
    return job.phase === 'verifying' && claims.length > 0 ? plural(t, 'progress', claims.length, done, claims.length) : t(PHASE_TEXT[job.phase]);
  }
  return verdictSummary(job, t);
}

/** "3 of 5 claims decided at ≤ 10% error · 2 unsure", when the job ran with a calibration. */
function DecidedLine({ job, t }: { job: CheckJob; t: Translate }) {
  const counts = decidedCount(job);
  if (!counts) return null;
  const total = counts.decided + counts.unsure;
  const percent = Number((counts.alpha * 100).toFixed(1));
  return (
    <p className="decided" data-testid="decided-summary">
      {plural(t, 'summaryDecided', total, counts.decided, total, percent, counts.unsure)}
    </p>
  );
}

export type CopyFormat = 'markdown' | 'json';

export interface CheckViewProps {
  job: CheckJob;
  t: Translate;
  /** Origin of the configured endpoint (for the "allow access" fix); null when unknown. */
  endpointOrigin: string | null;
  /** Models the endpoint lists, offered when comparing. */
  models: readonly string[];
  /** A history entry: shown without the actions that need the tab. */
  readOnly?: boolean;
  /** A short confirmation ("Copied as Markdown."), announced politely. */
  notice?: string | null;
  onCancel: () => void;
  onRerun: () => void;
  /** Re-runs the check with the model-assisted split (a caption the on-device split reads as another language). */
  onSplitWithModel?: () => void;
  onFix: (action: FixAction) => void;
  onCopy: (format: CopyFormat) => void;
  onRecheck: (claims: string[]) => void;
  onCompare: (model: string) => void;
  /** Extra actions other features add to the toolbar. */
  extraActions?: ReactNode;
  /** The side panel: a claim under the pointer stands out on the page (null: none). */
  onClaimPoint?: (index: number | null) => void;
  /** The side panel: a click on a claim scrolls the page to the image. */
  onClaimLocate?: (index: number) => void;
  /** The image as it was sent to the model (the tab's own check); without it the thumbnail is shown enlarged. */
  loadSentImage?: () => Promise<string | null>;
}

/** The checked image: a thumbnail that opens, under the result's head, the image as sent to the model. */
function useCheckedImage(job: CheckJob, t: Translate, loadSentImage?: () => Promise<string | null>): { thumb: ReactNode; enlarged: ReactNode } {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!job.thumbnail) return { thumb: null, enlarged: null };
  const toggle = () => {
    if (!open && !sent && loadSentImage) void loadSentImage().then((image) => image && setSent(image)).catch(() => undefined);
    setOpen(!open);
  };
  return {
    thumb: (
      <button type="button" className="thumb-button" aria-expanded={open} aria-controls="sent-image" title={t(open ? 'sentImageHide' : 'sentImageShow')} onClick={toggle}>
        <img className="thumb" src={job.thumbnail} alt={t('thumbnailAlt')} />
      </button>
    ),
    enlarged: open && (
      <figure className="sent-image" id="sent-image">
        <img src={sent ?? job.thumbnail} alt={t('sentImageAlt')} />
        <figcaption className="meta">{t(sent ? 'sentImageCaption' : 'sentImageThumbnail')}</figcaption>
      </figure>
    ),
  };
}

function Meta({ job, t }: { job: CheckJob; t: Translate }) {
  const parts: string[] = [];
  if (job.model) parts.push(t('metaModel', modelWord(job.model, t)));
  if (job.finishedAt) parts.push(t('metaSeconds', formatNumber((job.finishedAt - job.startedAt) / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }, t)));
  if (job.requests !== undefined) parts.push(plural(t, 'metaRequests', job.requests, formatNumber(job.requests, {}, t)));
  if (job.usage) parts.push(plural(t, 'metaTokens', job.usage.promptTokens + job.usage.completionTokens, formatNumber(job.usage.promptTokens + job.usage.completionTokens, {}, t)));
  return (
    <p className="meta" data-testid="check-cost">
      {parts.join(' · ')}
    </p>
  );
}

/** Under an endpoint check whose verdicts got no score (no logprobs, sampling off): how to get one, and its cost. */
function ScoreHint({ job, t }: { job: CheckJob; t: Translate }) {
  // Counted requests mean an endpoint answered; the on-device model is never scored.
  const unscored = job.status === 'done' && job.requests !== undefined && !job.scoreKind && job.claims.some((c) => c.verdict);
  if (!unscored) return null;
  return (
    <p className="meta" data-testid="score-hint">
      {t('scoreHintNoLogprobs')}
    </p>
  );
}

/** One check: status, thumbnail, caption with coloured spans, each claim's verdict, set-aside text, and the actions. */
export function CheckView(props: CheckViewProps) {
  const { job, t, readOnly = false } = props;
  const [editing, setEditing] = useState(false);
  const [comparing, setComparing] = useState(false);
  const [model, setModel] = useState('');
  // The model asked for in "Run and compare", until its comparison shows.
  const [requested, setRequested] = useState<string | null>(null);
  const running = job.status === 'running';
  const pieces: CaptionPiece[] = [
    ...job.claims.map((c) => ({ start: c.start, end: c.end, kind: claimState(c, job) })),
    ...job.setAside.map((s) => ({ start: s.start, end: s.end, kind: 'set-aside' as const })),
  ];
  // "Check both" shows two answers compared; editing, comparing models and re-running are for one caption.
  const both = job.secondAnswer;
  const finished = !running && job.claims.length > 0 && !both;
  const image = useCheckedImage(job, t, props.loadSentImage);

  return (
    <section className="check" aria-label={t('checkLabel')}>
      <div className="result-head">
        {image.thumb}
        <div className="result-head__text">
          <p className={`status status--${job.status}`} data-testid="check-status" data-state={job.status} data-standing={standingOf(job)} role="status" aria-live="polite">
            {statusText(job, t)}
          </p>
          {/* Only with an imported calibration: without one no verdict claims a guarantee. */}
          {job.status === 'done' && <DecidedLine job={job} t={t} />}
          <Meta job={job} t={t} />
          <ScoreHint job={job} t={t} />
          <p className="meta page-from" title={job.pageUrl}>
            {t('resultFrom', fileNameOf(job.imageUrl), job.pageTitle || hostNameOf(job.pageUrl))}
          </p>
        </div>
      </div>
      {image.enlarged}
      {job.error && !readOnly && (
        <ErrorHelp error={job.error} endpointOrigin={props.endpointOrigin} onFix={props.onFix} t={t} />
      )}
      {both && <AnswersView job={{ ...job, secondAnswer: both }} t={t} />}
      {job.caption && !both && <CaptionSpans caption={job.caption} pieces={pieces} t={t} />}
      {/* Who made the picture: worth seeing beside the caption, but not something the image can prove. */}
      {job.credit && !both && (
        <p className="credit" data-testid="result-credit">
          {t('resultCredit', job.credit)}
        </p>
      )}
      {editing && !readOnly ? (
        <ClaimEditor
          initial={job.claims.map((c) => c.text)}
          onCancel={() => setEditing(false)}
          onSubmit={(claims) => {
            setEditing(false);
            props.onRecheck(claims);
          }}
          t={t}
        />
      ) : both ? null : (
        <ol className="claims" aria-label={t('claimsLabel')}>
          {job.claims.map((claim, i) => (
            <ClaimRow
              key={`${i}:${claim.start}:${claim.text}`}
              claim={claim}
              state={claimState(claim, job)}
              index={i}
              t={t}
              {...(props.onClaimPoint && job.status === 'done' ? { onPoint: props.onClaimPoint } : {})}
              {...(props.onClaimLocate && job.status === 'done' ? { onLocate: props.onClaimLocate } : {})}
            />
          ))}
        </ol>
      )}
      {allClaims(job).some((c) => c.verdict && c.verdict.error_type.length > 0) && (
        <p className="legend" aria-label={t('legendLabel')}>
          {ERROR_TYPES.map((type) => t(`legend${type}` as const)).join(' · ')}
        </p>
      )}
      {comparing && !readOnly && (
        <form
          className="compare-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!model.trim()) return;
            props.onCompare(model.trim());
            setRequested(model.trim());
            setComparing(false);
          }}
        >
          <label>
            {t('compareModel')}
            <input type="text" list="compare-models" value={model} onChange={(e) => setModel(e.target.value)} placeholder={t('compareModelPlaceholder')} />
          </label>
          <datalist id="compare-models">
            {props.models.filter((m) => m !== job.model).map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          <button type="submit" className="primary">
            {t('compareRun')}
          </button>
        </form>
      )}
      {requested && job.comparison?.model !== requested && (
        <p className="compare__summary" role="status" data-testid="compare-pending">
          {t('compareRunning', requested)}
        </p>
      )}
      {job.comparison && <CompareView job={{ ...job, comparison: job.comparison }} t={t} />}
      {!both && <SetAsideList job={job} t={t} canCheck={!readOnly && !running} onCheck={(indices) => props.onRecheck(claimsWithSetAside(job, indices))} />}
      {job.notes.length > 0 && (
        <ul className="notes" aria-label={t('notesLabel')}>
          {job.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
          {job.otherLanguage && !both && !readOnly && !running && props.onSplitWithModel && job.endpointHost !== 'on-device' && (
            <li data-testid="split-offer">
              {t('splitOffer')}{' '}
              <button type="button" className="link" onClick={props.onSplitWithModel}>
                {t('splitWithModel')}
              </button>
            </li>
          )}
        </ul>
      )}
      <div className="actions" role="toolbar" aria-label={t('actionsLabel')}>
        {running && !readOnly && (
          <button type="button" onClick={props.onCancel}>
            {t('cancelCheck')}
          </button>
        )}
        {!running && !readOnly && !both && (
          <button type="button" onClick={props.onRerun}>
            {t('rerun')}
          </button>
        )}
        {finished && !readOnly && (
          <button type="button" aria-pressed={editing} onClick={() => setEditing(!editing)}>
            {t('editClaims')}
          </button>
        )}
        {finished && !readOnly && (
          <button type="button" aria-pressed={comparing} onClick={() => setComparing(!comparing)}>
            {t('compareOpen')}
          </button>
        )}
        {job.claims.length > 0 && (
          <>
            {/* A copy of a check still running would record verdicts that are not in yet. */}
            <button type="button" disabled={running} onClick={() => props.onCopy('markdown')}>
              {t('copyMarkdown')}
            </button>
            <button type="button" disabled={running} onClick={() => props.onCopy('json')}>
              {t('copyJson')}
            </button>
          </>
        )}
        {props.extraActions}
      </div>
      <p className="notice" role="status" data-testid="notice">
        {props.notice ?? ''}
      </p>
    </section>
  );
}
