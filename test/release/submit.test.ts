// What each store receives, and which credentials `wxt submit` is still missing: names only.
import { describe, expect, it } from 'vitest';
import { submitArgs, uploads } from '../../scripts/release/submit';

const PACKAGES = { chrome: 'o/c.zip', firefox: 'o/f.zip', sources: 'o/s.zip' };

describe('store uploads', () => {
  it('Chrome gets its package; addons.mozilla.org the Firefox package and its sources', () => {
    const plan = uploads(PACKAGES, {});
    expect(plan.map((u) => [u.store, u.files])).toEqual([
      ['chrome', ['o/c.zip']],
      ['firefox', ['o/f.zip', 'o/s.zip']],
    ]);
    expect(plan[0]!.missing).toEqual(['CHROME_EXTENSION_ID', 'CHROME_CLIENT_ID', 'CHROME_CLIENT_SECRET', 'CHROME_REFRESH_TOKEN']);
    expect(plan[1]!.missing).toEqual(['FIREFOX_EXTENSION_ID', 'FIREFOX_JWT_ISSUER', 'FIREFOX_JWT_SECRET']);
  });

  it('a store is ready once its credentials are set; the command line carries paths, never a credential', () => {
    const env = { FIREFOX_EXTENSION_ID: 'id', FIREFOX_JWT_ISSUER: 'user:1', FIREFOX_JWT_SECRET: 'top-secret-value', CHROME_CLIENT_ID: 'x' };
    const plan = uploads(PACKAGES, env);
    expect(plan.map((u) => u.missing.length === 0)).toEqual([false, true]);
    const args = submitArgs(plan.filter((u) => u.missing.length === 0), true);
    expect(args).toEqual(['wxt', 'submit', '--dry-run', '--firefox-zip', 'o/f.zip', '--firefox-sources-zip', 'o/s.zip', '--firefox-channel', 'listed']);
    expect(args.join(' ')).not.toMatch(/top-secret-value|user:1/);
    expect(submitArgs(plan, false)).not.toContain('--dry-run');
  });
});
