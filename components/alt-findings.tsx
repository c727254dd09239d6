// The alt-text audit's findings: every image without a usable alt (none, a file name, a placeholder), each
// with a thumbnail and "Show on page", listed for the reviewer and never sent to a model.
import { findingText } from '@/lib/alt-audit';
import type { Translate } from '@/lib/i18n';
import type { PageCheck } from '@/lib/page-check-state';

export const excerpt = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A small picture of a listed image straight from its URL (the page showed it a moment ago, so it is
 * usually cached; no referrer is sent). Anything but http(s) and data:image URLs gets an empty frame.
 */
export function UrlThumb({ url }: { url: string }) {
  const shown = /^https?:\/\//i.test(url) || url.startsWith('data:image/');
  return shown ? (
    <img className="thumb thumb--small" src={url} alt="" loading="lazy" referrerPolicy="no-referrer" data-testid="listed-thumb" />
  ) : (
    <span className="thumb thumb--small" aria-hidden="true" />
  );
}

/** The "Show on page" button of a row or finding, named by what it shows. */
export function ShowOnPage({ label, t, onShow }: { label: string; t: Translate; onShow: () => void }) {
  return (
    <button type="button" className="link show-on-page" aria-label={t('showOnPageOf', excerpt(label, 60))} onClick={onShow}>
      {t('showOnPage')}
    </button>
  );
}

export function AltFindings({ check, t, onShowOnPage }: { check: PageCheck; t: Translate; onShowOnPage?: (id: string) => void }) {
  if (check.kind !== 'alt' || check.findings.length === 0) return null;
  return (
    <section className="alt-findings" aria-label={t('altAuditFindings')}>
      <h2>{t('altAuditFindings')}</h2>
      <ul>
        {check.findings.map((finding) => {
          const text = findingText(finding, t);
          return (
            <li key={finding.id} data-testid="alt-finding" data-kind={finding.kind} data-reason={finding.reason} data-item-id={finding.id}>
              <UrlThumb url={finding.imageUrl} />
              <div className="alt-findings__text">
                {text}
                <span className="meta"> · {excerpt(finding.imageUrl, 60)}</span>
              </div>
              {onShowOnPage && <ShowOnPage label={text} t={t} onShow={() => onShowOnPage(finding.id)} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
