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
            <input
              type="text"
              aria-label={t('claimNumber', i + 1)}
              value={text}
              onChange={(event) => setClaims(claims.map((c, j) => (j === i ? event.target.value : c)))}
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
