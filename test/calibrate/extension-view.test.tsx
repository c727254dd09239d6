// A calibration in the extension: the check marks each verdict decided or not, and the popup shows
// the others as "Unsure — look yourself" with the summary line; without one, nothing about guarantees.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CalibrationSettings } from '@/components/calibration-settings';
import { CheckView } from '@/components/check-view';
import type { CheckJob } from '@/lib/job-record';
import { createTranslate } from '@/lib/i18n';
import { runCheck, type CheckDeps } from '@/lib/check-lifecycle';
import { parseCalibrationFile } from '@/lib/adapters/calibration-store';
import type { Verdict } from '@/lib/verify/schema';
import { sampleCalibration } from './fixture';

const t = createTranslate();
const noop = () => {};
const yes: Verdict = { reasoning: 'A cat is on the sofa.', label: true, error_type: [] };
const no: Verdict = { reasoning: 'There is no dog.', label: false, error_type: ['Object'] };
const input = { id: 'j', tabId: 1, model: 'test-vlm', maxClaims: 25, pageUrl: 'https://example.test/', imageUrl: 'https://example.test/a.jpg' };
const THRESHOLDS = { supported: 0.9, not_supported: 0.95 };

function deps(confidences: (number | null)[]): CheckDeps {
  let clock = 0;
  return {
    now: () => (clock += 10),
    save: async () => {},
    gather: async () => ({ caption: 'A cat sits on a sofa. A dog sleeps. A lamp glows.', pageUrl: input.pageUrl, imageUrl: input.imageUrl }),
    acquireImage: async () => ({ dataUrl: 'data:image/jpeg;base64,AAAA', path: 'fetch', byteLength: 3 }),
    verify: async () => ({ verdicts: [yes, no, yes], confidences, usage: { promptTokens: 1, completionTokens: 1 }, notes: [] }),
  };
}

const view = (job: CheckJob) =>
  renderToStaticMarkup(
    <CheckView job={job} t={t} endpointOrigin={null} models={[]} onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />,
  );

describe('a check with a calibration', () => {
  it('marks each verdict decided when its score reaches its own kind threshold, and carries the score', async () => {
    const job = await runCheck({ ...input, calibration: { alpha: 0.1, delta: 0.1, thresholds: THRESHOLDS } }, deps([0.97, 0.93, null]));
    expect(job.claims.map((c) => [c.score, c.decided])).toEqual([
      [0.97, true],
      [0.93, false], // not supported needs 0.95
      [null, false],
    ]);
    expect(job.calibration).toEqual({ alpha: 0.1, delta: 0.1, thresholds: THRESHOLDS, scoreKind: 'logprob' });
    expect(job.scoreKind).toBe('logprob');

    const html = view(job);
    expect(html).toContain('data-testid="decided-summary">1 of 3 claims decided at ≤ 10% error · 2 unsure<');
    expect(html.match(/Unsure — look yourself/g)).toHaveLength(2);
    expect(html).toContain('data-decided="true"');
    // The label is kept as the leaning, one click away under the reasoning.
    expect(html).toContain('The model leans: Not supported');
    expect(html).toContain('There is no dog.');
  });

  it('says nothing about guarantees without a calibration', async () => {
    const job = await runCheck(input, deps([0.97, 0.93, 0.99]));
    expect(job.claims.every((c) => c.decided === undefined)).toBe(true);
    const html = view(job);
    expect(html).not.toContain('decided-summary');
    expect(html).not.toContain('Unsure');
    expect(html).not.toContain('data-decided');
  });
});

const CALIBRATION = sampleCalibration(THRESHOLDS);

describe('importing a calibration', () => {
  it.each([
    ['not json', /not JSON/],
    [JSON.stringify({ model: 'x' }), /not a calibration file/],
    [JSON.stringify({ ...CALIBRATION, prompt_version: 'seed-old' }), /made with prompt seed-old/],
  ])('refuses %s with what to do', (text, message) => {
    expect(parseCalibrationFile(text)).toMatch(message);
  });

  it('accepts the file calibrate writes', () => {
    expect(parseCalibrationFile(JSON.stringify(CALIBRATION))).toEqual(CALIBRATION);
  });

  it('accepts an agreement calibration too (endpoints without logprobs are scored by agreement)', () => {
    const agreement = { ...CALIBRATION, score_kind: 'agreement' as const };
    expect(parseCalibrationFile(JSON.stringify(agreement))).toEqual(agreement);
  });

  it('lists each calibration with its model, alpha, date and sizes', () => {
    const html = renderToStaticMarkup(<CalibrationSettings calibrations={{ 'test-vlm': CALIBRATION }} onImport={async () => null} onRemove={noop} agreementSamples={5} t={t} />);
    expect(html).toContain('test-vlm — error ≤ 10% (δ 0.1) · 1800 supported + 1200 not supported claims · 2026-11-30 · scored by logprobs');
    const agreement = renderToStaticMarkup(
      <CalibrationSettings calibrations={{ 'test-vlm': { ...CALIBRATION, score_kind: 'agreement' } }} onImport={async () => null} onRemove={noop} agreementSamples={5} t={t} />,
    );
    expect(agreement).toContain('2026-11-30 · scored by agreement among samples');
    // An agreement calibration is paid for on every check: its row says how much; a logprob one costs nothing extra.
    expect(agreement).toContain('This calibration needs 5 extra answers per check (up to 6 requests per check).');
    expect(html).not.toContain('extra answers');
    const three = renderToStaticMarkup(
      <CalibrationSettings calibrations={{ m: { ...CALIBRATION, score_kind: 'agreement' } }} onImport={async () => null} onRemove={noop} agreementSamples={3} t={t} />,
    );
    expect(three).toContain('needs 3 extra answers per check (up to 4 requests');
    expect(html).toContain('Remove');
    expect(renderToStaticMarkup(<CalibrationSettings calibrations={{}} onImport={async () => null} onRemove={noop} agreementSamples={5} t={t} />)).toContain(
      'No calibration imported',
    );
  });
});

describe('exports of a calibrated check', () => {
  it('carry score and decided in JSON and say unsure in Markdown', async () => {
    const { jobToJson, jobToMarkdown } = await import('@/lib/export');
    const job = await runCheck({ ...input, calibration: { alpha: 0.1, delta: 0.1, thresholds: THRESHOLDS } }, deps([0.97, 0.93, null]));
    const json = JSON.parse(jobToJson(job)) as { claims: { score: number | null; decided: boolean }[] };
    expect(json.claims.map((c) => [c.score, c.decided])).toEqual([
      [0.97, true],
      [0.93, false],
      [null, false],
    ]);
    const markdown = jobToMarkdown(job);
    expect(markdown).toContain('**Not supported** (unsure — look yourself) — A dog sleeps.');
    expect(markdown).not.toContain('**Supported** (unsure — look yourself) — A cat sits on a sofa.');
  });
});
