import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageCheckView } from '@/components/page-check';
import { createTranslate } from '@/lib/i18n';
import { failedListing, newPageCheck } from '@/lib/page-check-state';

const t = createTranslate();
const noop = () => {};
const view = (check: ReturnType<typeof newPageCheck>) =>
  renderToStaticMarkup(<PageCheckView check={check} t={t} onRun={noop} onOpen={noop} onClose={noop} />);

describe('PageCheckView', () => {
  it('a listing that failed shows its reason instead of "no images"', () => {
    const html = view(failedListing(3, 'https://shop.test/', 'alt', 'Caption Check cannot read this page.', 1));
    expect(html).toContain('data-testid="page-check-error"');
    expect(html).toContain('Caption Check cannot read this page.');
    expect(html).not.toContain(t('altAuditNone'));
  });

  it('an empty listing that worked says there is nothing to check', () => {
    const html = view(newPageCheck(3, 'https://shop.test/', [], 1, { kind: 'alt', findings: [] }));
    expect(html).toContain(t('altAuditNone'));
    expect(html).not.toContain('page-check-error');
  });
});
