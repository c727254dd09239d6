import { describe, expect, it } from 'vitest';
import type { CheckJob } from '@/lib/check';
import { CheckError } from '@/lib/errors';
import { compareWithModel, placeClaims, recheckClaims, type RerunDeps } from '@/lib/rerun';
import type { Verdict } from '@/lib/verify/schema';

const yes: Verdict = { reasoning: 'ok', label: true, error_type: [] };
const no: Verdict = { reasoning: 'no', label: false, error_type: ['Object'] };
const base: CheckJob = {
  id: 'j1',
  tabId: 3,
  pageUrl: 'p',
  imageUrl: 'i',
  status: 'done',
  phase: 'finished',
  caption: 'Two cats sit. A dog sleeps.',
  claims: [
    { text: 'Two cats sit.', start: 0, end: 13, hedged: false, verdict: yes },
    { text: 'A dog sleeps.', start: 14, end: 27, hedged: false, verdict: no },
  ],
  setAside: [],
  notes: [],
  model: 'm1',
  imagePath: 'fetch',
  imageBytes: 1,
  startedAt: 0,
  finishedAt: 1,
  usage: null,
  error: null,
  thumbnail: 'data:image/jpeg;base64,AA',
};

function deps(verdicts: Verdict[], fail?: CheckError): RerunDeps & { saved: CheckJob[]; asked: string[][] } {
  const saved: CheckJob[] = [];
  const asked: string[][] = [];
  return {
    saved,
    asked,
    now: () => 100,
    save: async (job) => void saved.push(structuredClone(job)),
    verify: async (claims, _image, onVerdict) => {
      asked.push(claims);
      onVerdict(0, verdicts[0]!);
      if (fail) throw fail;
      verdicts.forEach((v, i) => i > 0 && onVerdict(i, v));
      return { verdicts, usage: { promptTokens: 1, completionTokens: 1 }, notes: [] };
    },
  };
}

describe('re-check and compare', () => {
  it('places edited claims back into the caption where their text still is', () => {
    expect(placeClaims(base.caption, ['A dog sleeps.', 'A cat naps.', ' Two cats sit. ']).map((c) => [c.start, c.end])).toEqual([
      [14, 27],
      [-1, -1],
      [0, 13],
    ]);
  });

  it('re-checks the edited list as a new job that keeps caption and thumbnail, streaming each verdict', async () => {
    const d = deps([no, yes]);
    const job = await recheckClaims(base, ['Two cats sit.', 'A bird flies.'], 'data:image/jpeg;base64,AA', 'j2', d);
    expect(d.asked).toEqual([['Two cats sit.', 'A bird flies.']]);
    expect(job).toMatchObject({ id: 'j2', status: 'done', caption: base.caption, thumbnail: base.thumbnail });
    expect(job.claims.map((c) => c.verdict?.label)).toEqual([false, true]);
    expect(d.saved[0]!.claims.every((c) => c.verdict === null)).toBe(true);
    expect(d.saved.some((s) => s.claims[0]!.verdict && !s.claims[1]!.verdict)).toBe(true);
  });

  it('keeps the verdicts that arrived when a re-check fails', async () => {
    const job = await recheckClaims(base, ['Two cats sit.', 'A dog sleeps.'], 'x', 'j2', deps([yes, yes], new CheckError('timeout', 'late')));
    expect(job.status).toBe('error');
    expect(job.error?.kind).toBe('timeout');
    expect(job.claims.map((c) => c.verdict?.label ?? null)).toEqual([true, null]);
  });

  it('stores a comparison beside the job without touching its own verdicts', async () => {
    const job = await compareWithModel(base, 'm2', null, 'x', deps([no, no]));
    expect(job.claims).toEqual(base.claims);
    expect(job.comparison).toMatchObject({ model: 'm2', status: 'done', verdicts: [no, no] });
    const failed = await compareWithModel(base, 'm2', null, 'x', deps([no, no], new CheckError('model-not-found', 'unknown model')));
    expect(failed.comparison).toMatchObject({ status: 'error', verdicts: [no, null], error: { kind: 'model-not-found' } });
  });
});
