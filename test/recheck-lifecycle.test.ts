import { describe, expect, it } from 'vitest';
import type { CheckJob } from '@/lib/job-record';
import { CheckError } from '@/lib/errors';
import { claimsWithSetAside, compareWithModel, placeClaims, recheckClaims, type RerunDeps } from '@/lib/recheck-lifecycle';
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

  describe('check anyway', () => {
    const withAside: CheckJob = {
      ...base,
      caption: 'It feels calm. Two cats sit. Let me know! A dog sleeps. Ask me more?',
      claims: [
        { text: 'Two cats sit.', start: 15, end: 28, hedged: false, verdict: yes },
        { text: 'A dog sleeps.', start: 42, end: 55, hedged: false, verdict: no },
      ],
      setAside: [
        { text: 'It feels calm.', start: 0, end: 14, reason: 'mood or atmosphere' },
        { text: 'Let me know!', start: 29, end: 41, reason: 'meta-talk' },
        { text: 'Ask me more?', start: 56, end: 68, reason: 'question' },
      ],
    };

    it.each([
      [[1], ['Two cats sit.', 'Let me know!', 'A dog sleeps.']],
      [[0, 1, 2], ['It feels calm.', 'Two cats sit.', 'Let me know!', 'A dog sleeps.', 'Ask me more?']],
      [[], ['Two cats sit.', 'A dog sleeps.']],
    ])('adds set-aside pieces %j where they stand in the caption', (indices, claims) => {
      expect(claimsWithSetAside(withAside, indices)).toEqual(claims);
    });

    it('keeps a claim the user typed (no place in the caption) last', () => {
      const edited = { ...withAside, claims: [{ text: 'A bird flies.', start: -1, end: -1, hedged: false, verdict: null }, ...withAside.claims] };
      expect(claimsWithSetAside(edited, [0])).toEqual(['It feels calm.', 'Two cats sit.', 'A dog sleeps.', 'A bird flies.']);
    });

    it('re-checks against the same image, and what is now checked is no longer set aside', async () => {
      const d = deps([yes, yes, no]);
      const claims = claimsWithSetAside(withAside, [1]);
      const job = await recheckClaims(withAside, claims, 'data:image/jpeg;base64,AA', 'j3', d);
      expect(d.asked).toEqual([['Two cats sit.', 'Let me know!', 'A dog sleeps.']]);
      expect(job.claims.map((c) => [c.text, c.start])).toEqual([
        ['Two cats sit.', 15],
        ['Let me know!', 29],
        ['A dog sleeps.', 42],
      ]);
      expect(job.setAside.map((s) => s.text)).toEqual(['It feels calm.', 'Ask me more?']);
    });
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
