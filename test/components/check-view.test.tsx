import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { captionSegments } from '@/components/caption-spans';
import { CheckView, statusText } from '@/components/check-view';
import { confidenceOf } from '@/components/claim-row';
import { ErrorHelp, FIXES } from '@/components/error-help';
import { FirstRun } from '@/components/first-run';
import type { CheckJob } from '@/lib/job-record';
import { checkErrorKindSchema, type CheckErrorKind } from '@/lib/errors';
import { createTranslate, plural } from '@/lib/i18n';
import english from '@/locales/en/messages.json';

const t = createTranslate();
const noop = () => {};

const job: CheckJob = {
  id: 'j1',
  tabId: 1,
  pageUrl: 'https://news.example/story',
  imageUrl: 'https://news.example/a.jpg',
  status: 'done',
  phase: 'finished',
  caption: 'Two cats sit on a sofa. Three dogs sleep. It feels cozy.',
  claims: [
    { text: 'Two cats sit on a sofa.', start: 0, end: 23, hedged: false, verdict: { reasoning: 'Yes.', label: true, error_type: [] } },
    { text: 'Three dogs sleep.', start: 24, end: 41, hedged: false, verdict: { reasoning: 'One dog.', label: false, error_type: ['Quantitative', 'Object'] } },
  ],
  setAside: [{ text: 'It feels cozy.', start: 42, end: 56, reason: 'mood or atmosphere' }],
  notes: [],
  model: 'gpt-4o-mini',
  imagePath: 'fetch',
  imageBytes: 100,
  startedAt: 1000,
  finishedAt: 3500,
  usage: { promptTokens: 1000, completionTokens: 234 },
  error: null,
};

const render = (j: CheckJob) =>
  renderToStaticMarkup(
    <CheckView job={j} t={t} endpointOrigin={null} models={[]} onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />,
  );

describe('CheckView', () => {
  it.each([
    [job, '1 of 2 claims not supported — Object, Quantitative'],
    [{ ...job, status: 'running' as const, phase: 'verifying' as const, claims: [job.claims[0]!, { ...job.claims[1]!, verdict: null }] }, 'Checking… 1 of 2 claims have a verdict'],
    [{ ...job, status: 'running' as const, phase: 'image' as const }, 'Preparing the image…'],
    [{ ...job, claims: [job.claims[0]!] }, '1 claim supported.'],
    [{ ...job, status: 'error' as const, error: { kind: 'auth' as const, message: 'Check your API key in Options.', retryAfterMs: null } }, 'Check your API key in Options.'],
  ])('status line %#', (input, text) => {
    expect(statusText(input, t)).toBe(text);
  });

  it('offers "Check anyway" per set-aside piece and "Check all set-aside text", except in history and while running', () => {
    const html = render(job);
    expect(html).toContain('data-testid="set-aside"');
    expect(html).toContain('aria-label="Check anyway: It feels cozy."');
    expect(html).toContain('data-testid="check-all-set-aside"');
    const history = renderToStaticMarkup(
      <CheckView job={job} t={t} readOnly endpointOrigin={null} models={[]} onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />,
    );
    const running = render({ ...job, status: 'running', phase: 'verifying' });
    for (const html of [history, running]) {
      expect(html).toContain('It feels cozy.');
      expect(html).not.toContain('check-anyway');
      expect(html).not.toContain('check-all-set-aside');
    }
  });

  it('renders the stable test hooks, icon + word per verdict, chips, model, time and tokens', () => {
    const html = render(job);
    expect(html).toContain('data-testid="check-status" data-state="done"');
    expect(html).toContain('data-testid="claim" data-label="true" data-error-types=""');
    expect(html).toContain('data-testid="claim" data-label="false" data-error-types="Quantitative,Object"');
    expect(html).toMatch(/✗<\/span> <span class="claim__word">Not supported/);
    expect(html).toContain('Model: gpt-4o-mini · 2.5 s · 1,234 tokens');
    expect(html).toContain('<span class="span span--false" title="Not supported">Three dogs sleep.</span>');
    expect(html).toContain('class="span span--set-aside"');
    expect(html).toContain('Quantitative: wrong count');
    expect(html).toContain('data-testid="set-aside"');
  });

  it.each([
    // Counted requests: an endpoint answered. Unscored verdicts get the quiet line saying how to get a score.
    [{ requests: 1, scoreKind: null }, 'Model: gpt-4o-mini · 2.5 s · 1 request · 1,234 tokens', true],
    [{ requests: 6, scoreKind: 'agreement' as const }, 'Model: gpt-4o-mini · 2.5 s · 6 requests · 1,234 tokens', false],
    [{ requests: 0, scoreKind: 'logprob' as const }, 'Model: gpt-4o-mini · 2.5 s · 0 requests · 1,234 tokens', false],
    // On-device and older checks count no requests: no count, no hint.
    [{ scoreKind: null }, 'Model: gpt-4o-mini · 2.5 s · 1,234 tokens', false],
  ])('shows the cost of %j and, where unscored, how to get a score', (extra, cost, hint) => {
    const html = render({ ...job, ...extra });
    expect(html).toContain(`data-testid="check-cost">${cost}</p>`);
    expect(html.includes('Not scored: this endpoint gives no logprobs. Options → Agreement score gives a score, at N + 1 requests per check.')).toBe(hint);
  });

  it('shows the credit under the caption, apart from the claims', () => {
    const html = render({ ...job, credit: 'Jane Doe/Reuters' });
    expect(html).toContain('</blockquote><p class="credit" data-testid="result-credit">Credit: Jane Doe/Reuters</p>');
    expect(html.match(/data-testid="claim"/g)?.length).toBe(2);
    expect(render(job)).not.toContain('result-credit');
  });

  it('offers cancel while running and re-run, edit and compare once finished', () => {
    const running = render({ ...job, status: 'running', phase: 'verifying' });
    expect(running).toContain('>Cancel check<');
    expect(running).not.toContain('>Re-run<');
    const done = render(job);
    for (const label of ['Re-run', 'Edit claims', 'Compare models…', 'Copy Markdown', 'Copy JSON']) expect(done).toContain(`>${label}<`);
    expect(done).not.toContain('>Cancel check<');
  });

  it('renders a confidence where the endpoint gave one, and nothing otherwise', () => {
    const withConfidence = { ...job.claims[0]!, confidence: 0.87 };
    expect(render({ ...job, claims: [withConfidence] })).toContain('Confidence 87%');
    expect(render(job)).not.toContain('Confidence');
    expect(confidenceOf({ ...job.claims[0]!, confidence: null })).toBeNull();
    expect(confidenceOf({ ...job.claims[0]!, confidence: 1.5 })).toBeNull();
    expect(confidenceOf({ verdict: null, confidence: 0.9 })).toBeNull();
  });

  it('shows a comparison with disagreements named in words', () => {
    const html = render({
      ...job,
      comparison: {
        model: 'other',
        baseUrl: null,
        status: 'done',
        verdicts: [{ reasoning: '', label: false, error_type: ['Object'] }, { reasoning: '', label: false, error_type: [] }],
        startedAt: 0,
        finishedAt: 1,
        usage: null,
        error: null,
      },
    });
    expect(html).toContain('The models disagree on 1 of 2 claims.');
    expect(html).toContain('data-testid="compare-row" data-disagree="true"');
    expect(html).toContain('Disagree:');
  });
});

describe('ErrorHelp and FirstRun', () => {
  it('offers a fix (or says what to do) for every error kind', () => {
    for (const kind of checkErrorKindSchema.options) {
      const html = renderToStaticMarkup(<ErrorHelp error={{ kind, message: 'x', retryAfterMs: null }} endpointOrigin="http://localhost:11434" onFix={noop} t={t} />);
      expect(FIXES[kind].length > 0 ? html.includes('<button') : html.includes('class="hint"'), kind).toBe(true);
    }
    const help = (kind: CheckErrorKind) =>
      renderToStaticMarkup(<ErrorHelp error={{ kind, message: 'x', retryAfterMs: null }} endpointOrigin="http://localhost:11434" onFix={noop} t={t} />);
    // Access is offered first only where the server answered but not to the extension; where nothing answers, the Base URL is the fix.
    expect(help('blocked')).toMatch(/^<div[^>]*><div class="actions"><button type="button">Allow access to http:\/\/localhost:11434</);
    expect(help('origin-refused')).toContain('Allow access to http://localhost:11434');
    for (const kind of ['unreachable', 'host-not-found', 'tls', 'network'] as const) {
      expect(help(kind), kind).not.toContain('Allow access');
      if (kind !== 'network') expect(help(kind), kind).toMatch(/<button type="button">Open Options<\/button>/);
    }
    const limited = renderToStaticMarkup(<ErrorHelp error={{ kind: 'rate-limited', message: 'x', retryAfterMs: 2500 }} endpointOrigin={null} onFix={noop} t={t} />);
    expect(limited).toContain('wait 3 s');
  });

  it('explains the first run in three lines with the way to Options', () => {
    const html = renderToStaticMarkup(<FirstRun onOpenOptions={noop} t={t} />);
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html).toContain('>Open Options<');
  });
});

describe('captionSegments', () => {
  it.each([
    ['abcdef', [{ start: 1, end: 3, kind: 'true' as const }], ['a', '[bc]', 'def']],
    ['abcdef', [{ start: 3, end: 6, kind: 'false' as const }, { start: 0, end: 2, kind: 'true' as const }], ['[ab]', 'c', '[def]']],
    ['abcdef', [{ start: -1, end: -1, kind: 'true' as const }, { start: 2, end: 9, kind: 'true' as const }], ['abcdef']],
    ['abcdef', [{ start: 0, end: 4, kind: 'true' as const }, { start: 2, end: 5, kind: 'false' as const }], ['[abcd]', 'ef']],
  ])('cuts %j into plain and marked pieces', (caption, pieces, expected) => {
    expect(captionSegments(caption, pieces).map((s) => (s.piece ? `[${s.text}]` : s.text))).toEqual(expected);
  });
});

describe('UI text', () => {
  it('has every message filled, and $n placeholders filled by t()', () => {
    for (const [key, value] of Object.entries(english)) expect(value.message.trim(), key).not.toBe('');
    expect(plural(t, 'progress', 3, 1, 3)).toBe('Checking… 1 of 3 claims have a verdict');
    expect(createTranslate(() => 'Übersetzt')('save')).toBe('Übersetzt');
    expect(createTranslate(() => '')('save')).toBe('Save');
  });
});
