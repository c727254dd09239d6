// A calibrated check's `decided`, `score` and `score_kind` go wherever its verdicts go: page marks,
// history, JSON and CSV exports, and the comparison with another model (each model keeping its own).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { agreementOf } from '@/components/claim-row';
import { CompareView } from '@/components/compare-view';
import { markLabelOf, type CheckJob, type ClaimResult, type JobCalibration } from '@/lib/job-record';
import { historyToCsv, historyToJson, jobToJson } from '@/lib/export';
import { historyEntryFrom, readHistory } from '@/lib/history';
import { createTranslate } from '@/lib/i18n';
import { verdictLine, type MarksPayload } from '@/lib/page/marks';
import type { Verdict } from '@/lib/verify/schema';

const t = createTranslate();
const yes: Verdict = { reasoning: 'Two cats are visible.', label: true, error_type: [] };
const no: Verdict = { reasoning: 'No dog.', label: false, error_type: ['Object'] };
const calibration: JobCalibration = { alpha: 0.1, delta: 0.1, thresholds: { supported: 0.8, not_supported: 0.8 }, scoreKind: 'agreement' };

const claims: ClaimResult[] = [
  { text: 'Two cats sit on a sofa.', start: 0, end: 23, hedged: false, verdict: yes, confidence: null, score: 1, decided: true },
  { text: 'A dog sleeps under the table.', start: 24, end: 53, hedged: false, verdict: no, confidence: null, score: 0.6, decided: false },
  { text: 'A lamp glows.', start: 54, end: 67, hedged: false, verdict: null, confidence: null, score: null },
];

const job: CheckJob = {
  id: 'j1',
  tabId: 1,
  pageUrl: 'https://news.example/story',
  imageUrl: 'https://news.example/a.jpg',
  status: 'done',
  phase: 'finished',
  caption: 'Two cats sit on a sofa. A dog sleeps under the table. A lamp glows.',
  claims,
  setAside: [],
  notes: [],
  model: 'test-vlm',
  imagePath: 'fetch',
  imageBytes: 100,
  startedAt: Date.UTC(2025, 0, 2),
  finishedAt: Date.UTC(2025, 0, 2, 0, 0, 2),
  usage: { promptTokens: 900, completionTokens: 80 },
  error: null,
  calibration,
  scoreKind: 'agreement',
};

const compared: CheckJob = {
  ...job,
  comparison: {
    model: 'other-vlm',
    baseUrl: null,
    status: 'done',
    verdicts: [no, no, yes],
    scores: [0.9, 0.5, 0.7],
    scoreKind: 'logprob',
    decided: [true, false, false],
    calibration: { ...calibration, scoreKind: 'logprob', thresholds: { supported: 0.75, not_supported: 0.85 } },
    startedAt: 0,
    finishedAt: 1,
    usage: null,
    error: null,
  },
};

describe('page marks', () => {
  it.each<[string, ClaimResult, string]>([
    ['a decided supported verdict', claims[0]!, 'true'],
    ['an undecided verdict', claims[1]!, 'unsure'],
    ['a decided unsupported verdict', { ...claims[1]!, decided: true }, 'false'],
    ['an uncalibrated verdict', { ...claims[1]!, decided: undefined }, 'false'],
    ['no verdict', claims[2]!, 'error'],
  ])('mark %s as %s', (_name, claim, label) => {
    expect(markLabelOf(claim, job)).toBe(label);
  });

  it('say "Unsure" with the model leaning, never ✓ or ✗, for an undecided verdict', () => {
    const words: MarksPayload['words'] = { true: 'Supported', false: 'Not supported', unsure: 'Unsure — look yourself', unknown: "Can't tell from the image", error: 'No verdict', close: 'Close', title: 'Caption Check' };
    const unsure = { text: 'A dog sleeps under the table.', start: 24, end: 53, label: 'unsure' as const, leaning: 'false' as const, errorTypes: ['Object'], reasoning: 'No dog.' };
    expect(verdictLine(unsure, words)).toBe('⚠ Unsure — look yourself (Not supported (Object)) — A dog sleeps under the table.');
    expect(verdictLine({ ...unsure, label: 'false', leaning: undefined }, words)).toBe('✗ Not supported (Object) — A dog sleeps under the table.');
  });
});

describe('history', () => {
  it('keeps decided, score, score kind and the calibration through storage', () => {
    const [entry] = readHistory(JSON.parse(JSON.stringify([historyEntryFrom(compared, 5)])));
    expect(entry!.job.claims.map((c) => [c.score, c.decided])).toEqual([
      [1, true],
      [0.6, false],
      [null, undefined],
    ]);
    expect(entry!.job.scoreKind).toBe('agreement');
    expect(entry!.job.calibration).toEqual(calibration);
    expect(entry!.job.comparison).toMatchObject({ scores: [0.9, 0.5, 0.7], scoreKind: 'logprob', decided: [true, false, false] });
  });
});

describe('exports', () => {
  it('JSON carries score, decided, score_kind and the calibration, and the comparison its own', () => {
    const parsed = JSON.parse(jobToJson(compared)) as Record<string, unknown> & {
      claims: Record<string, unknown>[];
      comparison: Record<string, unknown>;
    };
    expect(parsed.claims.map((c) => [c.score, c.decided])).toEqual([
      [1, true],
      [0.6, false],
      [null, undefined],
    ]);
    expect(parsed.score_kind).toBe('agreement');
    expect(parsed.calibration).toEqual({ alpha: 0.1, delta: 0.1, thresholds: calibration.thresholds, score_kind: 'agreement' });
    expect(parsed.comparison).toMatchObject({
      model: 'other-vlm',
      scores: [0.9, 0.5, 0.7],
      score_kind: 'logprob',
      decided: [true, false, false],
      calibration: { score_kind: 'logprob', thresholds: { supported: 0.75, not_supported: 0.85 } },
    });
    const history = JSON.parse(historyToJson([historyEntryFrom(compared, 0)])) as { score_kind: string }[];
    expect(history[0]!.score_kind).toBe('agreement');
  });

  it('JSON of an uncalibrated check says nothing about decisions', () => {
    const plain: CheckJob = { ...job, calibration: undefined, claims: claims.map(({ decided: _d, ...c }) => c) };
    const parsed = JSON.parse(jobToJson(plain)) as Record<string, unknown> & { claims: Record<string, unknown>[] };
    expect(parsed).not.toHaveProperty('calibration');
    expect(parsed.claims.some((c) => 'decided' in c)).toBe(false);
  });

  it('CSV gives score, score_kind and decided per claim (empty where unmeasured or uncalibrated)', () => {
    const plain: CheckJob = { ...job, id: 'j2', calibration: undefined, scoreKind: null, claims: [{ ...claims[0]!, score: null, decided: undefined }] };
    const lines = historyToCsv([historyEntryFrom(job, Date.UTC(2025, 0, 2)), historyEntryFrom(plain, Date.UTC(2025, 0, 2))]).trimEnd().split('\r\n');
    expect(lines[0]!.split(',').slice(-4, -1)).toEqual(['score', 'score_kind', 'decided']);
    expect(lines.slice(1).map((line) => line.split(',').slice(-4, -1))).toEqual([
      ['1', 'agreement', 'true'],
      ['0.6', 'agreement', 'false'],
      ['', '', ''],
      ['', '', ''],
    ]);
  });
});

describe('compare', () => {
  it('shows each model verdict decided or unsure by that model own calibration', () => {
    const html = renderToStaticMarkup(<CompareView job={compared as Parameters<typeof CompareView>[0]['job']} t={t} />);
    const rows = html.split('data-testid="compare-row"').slice(1);
    expect(rows).toHaveLength(3);
    // Row 1: first model decided ✓; the other decided ✗.
    expect(rows[0]).toMatch(/data-decided="true">.*Supported.*data-decided="true">.*Not supported/);
    // Row 2: both unsure, each with its leaning.
    expect(rows[1]!.match(/Unsure — look yourself/g)).toHaveLength(2);
    expect(rows[1]).toContain('(Not supported)');
    // Row 3: no verdict from the first model; the other's is unsure, leaning Supported.
    expect(rows[2]).toContain('No verdict');
    expect(rows[2]).toMatch(/data-decided="false">.*Unsure — look yourself.*\(Supported\)/);
  });

  it('without calibrations, shows verdicts as before', () => {
    const { calibration: _c, decided: _d, ...run } = compared.comparison!;
    const plain = { ...compared, calibration: undefined, claims: claims.map(({ decided: _x, ...c }) => c), comparison: run };
    const html = renderToStaticMarkup(<CompareView job={plain} t={t} />);
    expect(html).not.toContain('Unsure');
    expect(html).not.toContain('data-decided');
  });
});

describe('popup claim row', () => {
  it('shows the agreement share where there is no logprob confidence', () => {
    expect(agreementOf(claims[1]!)).toBe(60);
    expect(agreementOf({ ...claims[1]!, confidence: 0.7, score: 0.7 })).toBeNull();
    expect(agreementOf(claims[2]!)).toBeNull();
  });
});
