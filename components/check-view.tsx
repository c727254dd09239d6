import { countFalse, errorTypesOf, type CheckJob } from '@/lib/check';
import { ClaimRow } from './claim-row';

const PHASE_TEXT: Record<CheckJob['phase'], string> = {
  gathering: 'Reading the caption…',
  image: 'Preparing the image…',
  verifying: 'Asking the model…',
  finished: '',
};

export interface CheckViewProps {
  job: CheckJob | null;
  onCancel: () => void;
  onRerun: () => void;
  onOpenOptions: () => void;
}

function summary(job: CheckJob): string {
  if (job.status === 'running') return PHASE_TEXT[job.phase];
  if (job.status === 'error') return job.error?.message ?? 'The check failed.';
  const unsupported = countFalse(job);
  const types = errorTypesOf(job);
  if (unsupported === 0) return `All ${job.claims.length} claims supported.`;
  return `${unsupported} of ${job.claims.length} claims not supported${types.length ? ` — ${types.join(', ')}` : ''}.`;
}

/** The latest check of a tab: status, caption, each claim's verdict, and what was set aside. */
export function CheckView({ job, onCancel, onRerun, onOpenOptions }: CheckViewProps) {
  if (!job)
    return (
      <section className="empty">
        <h1>Caption Check</h1>
        <p>Right-click an image on a page and choose “Check caption claims”.</p>
        <p>Select the caption text first, or the image’s caption or alt text is used.</p>
        <button type="button" onClick={onOpenOptions}>
          Options
        </button>
      </section>
    );
  const fixable = job.error && ['not-configured', 'auth', 'model-not-found', 'no-image-input'].includes(job.error.kind);
  return (
    <section className="check">
      <p className={`status status--${job.status}`} data-testid="check-status" data-state={job.status} role="status">
        {summary(job)}
      </p>
      <div className="actions">
        {job.status === 'running' && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        {job.status !== 'running' && (
          <button type="button" onClick={onRerun}>
            Re-run
          </button>
        )}
        {fixable && (
          <button type="button" onClick={onOpenOptions}>
            Open Options
          </button>
        )}
      </div>
      {job.caption && (
        <blockquote className="caption" aria-label="Caption">
          {job.caption}
        </blockquote>
      )}
      <ol className="claims" aria-label="Claims">
        {job.claims.map((claim, i) => (
          <ClaimRow key={`${i}:${claim.start}`} claim={claim} job={job} />
        ))}
      </ol>
      {job.setAside.length > 0 && (
        <section className="set-aside" aria-label="Set aside">
          <h2>Not checked</h2>
          <ul>
            {job.setAside.map((piece) => (
              <li key={piece.start} data-testid="set-aside">
                <span className="set-aside__text">{piece.text}</span> <span className="set-aside__reason">— {piece.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {job.notes.length > 0 && (
        <ul className="notes" aria-label="Notes">
          {job.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <p className="meta">
        {job.model && <span>Model: {job.model}</span>}
        {job.finishedAt && <span> · {((job.finishedAt - job.startedAt) / 1000).toFixed(1)} s</span>}
        {job.usage && <span> · {job.usage.promptTokens + job.usage.completionTokens} tokens</span>}
      </p>
    </section>
  );
}
