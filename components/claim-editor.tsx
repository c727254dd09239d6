import { useState, type FormEvent } from 'react';
import type { Translate } from '@/lib/i18n';

export interface ClaimEditorProps {
  initial: readonly string[];
  onSubmit: (claims: string[]) => void;
  onCancel: () => void;
  t: Translate;
}

/** Edit, remove or add claims, then re-check them against the same image. */
export function ClaimEditor({ initial, onSubmit, onCancel, t }: ClaimEditorProps) {
  const [claims, setClaims] = useState<string[]>([...initial]);
  const kept = claims.map((c) => c.trim()).filter(Boolean);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kept.length > 0) onSubmit(kept);
  };
  return (
    <form className="editor" onSubmit={submit} aria-label={t('editTitle')}>
      <ol className="editor__list">
        {claims.map((text, i) => (
          <li key={i} className="editor__row">
            {/* A box that grows with its claim: a long claim is read whole, not cut off in one line. */}
            <textarea
              aria-label={t('claimNumber', i + 1)}
              dir="auto"
              value={text}
              rows={Math.max(1, Math.ceil(text.length / 42))}
              onKeyDown={(event) => {
                // Enter re-checks, as it did in the one-line box; Shift+Enter is not a claim's business either.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
              onChange={(event) => setClaims(claims.map((c, j) => (j === i ? event.target.value.replace(/\s*\n\s*/g, ' ') : c)))}
            />
            <button type="button" aria-label={t('editRemove', i + 1)} onClick={() => setClaims(claims.filter((_, j) => j !== i))}>
              ✕
            </button>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" onClick={() => setClaims([...claims, ''])}>
          {t('editAdd')}
        </button>
        <button type="submit" className="primary" disabled={kept.length === 0}>
          {t('editRecheck')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
