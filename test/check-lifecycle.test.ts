import { describe, expect, it } from 'vitest';
import { checkJobSchema, claimState, type CheckJob } from '@/lib/job-record';
import { badgeFor } from '@/lib/check/account';
import { CheckError } from '@/lib/errors';
import { MAX_CAPTION_CHARS, MAX_CREDIT_CHARS, planSplit, prepareCaption, requestSignal, runCheck, type CheckDeps, type ClaimPlanOptions } from '@/lib/check-lifecycle';
import type { SplitResult } from '@/lib/claims/split';
import type { Verdict } from '@/lib/verify/schema';

const input = { id: 'job-1', tabId: 7, model: 'm', maxClaims: 25, pageUrl: 'https://example.test/', imageUrl: 'https://example.test/a.jpg' };
const yes: Verdict = { reasoning: 'ok', label: true, error_type: [] };
const no: Verdict = { reasoning: 'no dog', label: false, error_type: ['Object'] };

function deps(overrides: Partial<CheckDeps> = {}): CheckDeps & { saved: CheckJob[] } {
  const saved: CheckJob[] = [];
  let clock = 1000;
  return {
    saved,
    now: () => (clock += 10),
    save: async (job) => void saved.push(structuredClone(job)),
    gather: async () => ({ caption: 'Two cats sit on a sofa. A dog sleeps under the table.', pageUrl: input.pageUrl, imageUrl: input.imageUrl }),
    acquireImage: async () => ({ dataUrl: 'data:image/jpeg;base64,AAAA', path: 'fetch', byteLength: 3 }),
    verify: async (claims, _image, onVerdict) => {
      onVerdict(0, yes);
      onVerdict(1, no);
      return { verdicts: [yes, no], usage: { promptTokens: 10, completionTokens: 5 }, notes: [] };
    },
    ...overrides,
  };
}

describe('runCheck: the verifying phase', () => {
  /** A model step that says when it is called and when its request leaves (none: a cached answer). */
  function stepper(events: string[], request: ReturnType<typeof requestSignal> | null): CheckDeps['verify'] {
    return async (_claims, _image, onVerdict) => {
      events.push('verify called');
      await Promise.resolve();
      if (request) {
        events.push('request leaves');
        request.onRequest();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      onVerdict(0, yes);
      onVerdict(1, no);
      return { verdicts: [yes, no], usage: { promptTokens: 1, completionTokens: 1 }, notes: [] };
    };
  }

  it('is stored once the request has left, not between the image and the request; the verdicts after it', async () => {
    const events: string[] = [];
    const request = requestSignal();
    const job = await runCheck(input, deps({ save: async (j) => void events.push(`save ${j.phase} ${j.claims.filter((c) => c.verdict).length}`), verify: stepper(events, request), requestSent: request.sent }));
    expect(job.status).toBe('done');
    expect(events).toEqual(['save gathering 0', 'save image 0', 'verify called', 'request leaves', 'save verifying 0', 'save verifying 1', 'save verifying 2', 'save finished 2']);
  });

  it('with a caption settled before the check, is first stored with its claims: no "gathering" record before them', async () => {
    const events: string[] = [];
    const request = requestSignal();
    const job = await runCheck(input, deps({ save: async (j) => void events.push(`save ${j.phase} ${j.claims.filter((c) => c.verdict).length}`), verify: stepper(events, request), requestSent: request.sent, captionSettled: true }));
    expect(job.status).toBe('done');
    expect(events).toEqual(['save image 0', 'verify called', 'request leaves', 'save verifying 0', 'save verifying 1', 'save verifying 2', 'save finished 2']);
  });

  it('is stored before the verdicts of a step that sends no request (a cached answer)', async () => {
    const events: string[] = [];
    const job = await runCheck(input, deps({ save: async (j) => void events.push(`save ${j.phase} ${j.claims.filter((c) => c.verdict).length}`), verify: stepper(events, null), requestSent: requestSignal().sent }));
    expect(job.status).toBe('done');
    expect(events).toEqual(['save gathering 0', 'save image 0', 'verify called', 'save verifying 0', 'save verifying 1', 'save verifying 2', 'save finished 2']);
  });
});

describe('runCheck: the thumbnail hook', () => {
  it('runs once the request has left, while the model still answers; the thumbnail joins the next saves', async () => {
    const request = requestSignal();
    const events: string[] = [];
    let answer!: () => void;
    const d = deps({
      verify: async (_claims, _image, onVerdict) => {
        events.push('verify called');
        request.onRequest();
        await new Promise<void>((resolve) => (answer = resolve));
        onVerdict(0, yes);
        onVerdict(1, no);
        return { verdicts: [yes, no], usage: { promptTokens: 1, completionTokens: 1 }, notes: [] };
      },
      keepImage: async (image) => {
        events.push(`keep ${image.dataUrl}`);
        return 'data:image/jpeg;base64,THUMB';
      },
      requestSent: request.sent,
    });
    const running = runCheck(input, d);
    // The hook ran while the model had not answered yet.
    await expect.poll(() => events).toEqual(['verify called', 'keep data:image/jpeg;base64,AAAA']);
    answer();
    const job = await running;
    expect(job.thumbnail).toBe('data:image/jpeg;base64,THUMB');
    // No save before the request carried it; the verdicts' saves and the final one do.
    expect(d.saved.filter((j) => j.phase !== 'verifying').map((j) => j.thumbnail)).toEqual([undefined, undefined, 'data:image/jpeg;base64,THUMB']);
    expect(d.saved.at(-1)).toMatchObject({ status: 'done', thumbnail: 'data:image/jpeg;base64,THUMB' });
  });

  it('without a request signal waits for the model step, then saves the thumbnail into the finished job', async () => {
    const events: string[] = [];
    const d = deps({
      verify: async (_claims, _image, onVerdict) => {
        onVerdict(0, yes);
        onVerdict(1, no);
        events.push('model answered');
        return { verdicts: [yes, no], usage: { promptTokens: 1, completionTokens: 1 }, notes: [] };
      },
      keepImage: async () => (events.push('keep'), 'data:image/jpeg;base64,THUMB'),
    });
    const job = await runCheck(input, d);
    expect(events).toEqual(['model answered', 'keep']);
    expect(job).toMatchObject({ status: 'done', thumbnail: 'data:image/jpeg;base64,THUMB' });
    expect(d.saved.at(-1)).toMatchObject({ status: 'done', thumbnail: 'data:image/jpeg;base64,THUMB' });
  });

  it('a hook that fails costs the thumbnail, never the check; a check that failed before its image never calls it', async () => {
    const failing = await runCheck(input, deps({ keepImage: () => Promise.reject(new Error('no canvas')) }));
    expect(failing.status).toBe('done');
    expect(failing.thumbnail).toBeUndefined();
    let called = 0;
    const noImage = await runCheck(
      input,
      deps({ acquireImage: () => Promise.reject(new CheckError('image', 'gone')), keepImage: async () => (called++, null) }),
    );
    expect(noImage.error?.kind).toBe('image');
    expect(called).toBe(0);
  });
});

describe('runCheck', () => {
  it('saves every step, ending with each claim verdict in order', async () => {
    const d = deps();
    const job = await runCheck(input, d);
    expect(job.status).toBe('done');
    expect(job.claims.map((c) => c.verdict)).toEqual([yes, no]);
    expect(job.claims.map((c) => job.caption.slice(c.start, c.end))).toEqual(job.claims.map((c) => c.text));
    expect(d.saved.map((j) => j.phase)).toEqual(['gathering', 'image', 'verifying', 'verifying', 'verifying', 'finished']);
    // The popup sees the first verdict before the second.
    expect(d.saved[3]!.claims.map((c) => claimState(c, d.saved[3]!))).toEqual(['true', 'pending']);
    expect(badgeFor(job)).toEqual({ text: '1', color: '#b3261e' });
  });

  it('keeps the credit the page gave with the caption on the job, out of the claims', async () => {
    const d = deps({
      gather: async () => ({ caption: 'Two cats sit on a sofa.', credit: ' Photo: Jane Doe/Reuters ', pageUrl: input.pageUrl, imageUrl: input.imageUrl }),
    });
    const job = await runCheck(input, d);
    expect(job.credit).toBe('Photo: Jane Doe/Reuters');
    expect(job.claims.map((c) => c.text)).toEqual(['Two cats sit on a sofa.']);
    expect(d.saved.find((j) => j.phase === 'image')?.credit).toBe('Photo: Jane Doe/Reuters');
    expect(checkJobSchema.parse(job).credit).toBe('Photo: Jane Doe/Reuters');
    const long = await runCheck(input, deps({ gather: async () => ({ caption: 'A cat.', credit: 'x'.repeat(MAX_CREDIT_CHARS + 50), pageUrl: '', imageUrl: '' }) }));
    expect(long.credit).toHaveLength(MAX_CREDIT_CHARS);
    // No credit, no field: older readers and exports see the job as before.
    expect(await runCheck(input, deps())).not.toHaveProperty('credit');
  });

  it('ends in an error the user can act on, keeping the verdicts that arrived', async () => {
    const d = deps({
      verify: async (_claims, _image, onVerdict) => {
        onVerdict(0, yes);
        throw new CheckError('timeout', 'The model did not answer in time.');
      },
    });
    const job = await runCheck(input, d);
    expect(job.status).toBe('error');
    expect(job.error?.kind).toBe('timeout');
    expect(job.claims.map((c) => claimState(c, job))).toEqual(['true', 'error']);
    expect(badgeFor(job).text).toBe('!');
  });

  it('withdraws a streamed verdict the final result does not confirm (an answer with the wrong count)', async () => {
    const d = deps({
      verify: async (_claims, _image, onVerdict) => {
        // Streamed from an answer that later proved one verdict short: position 1 may be claim 2's.
        onVerdict(0, yes);
        onVerdict(1, yes);
        return { verdicts: [no, null], usage: { promptTokens: 10, completionTokens: 5 }, notes: [] };
      },
    });
    const job = await runCheck(input, d);
    expect(job.claims.map((c) => c.verdict)).toEqual([no, null]);
  });

  it('ends as an error, without throwing, when even saving the error fails', async () => {
    let saves = 0;
    const d = deps({
      save: async () => {
        if (++saves > 1) throw new CheckError('storage', 'full');
      },
    });
    const job = await runCheck(input, d);
    expect(job.status).toBe('error');
    expect(job.error?.kind).toBe('storage');
  });

  it('asks for a caption when the page had none, without calling the model', async () => {
    let verified = false;
    const d = deps({
      gather: async () => ({ caption: '   ', pageUrl: '', imageUrl: '' }),
      verify: async () => {
        verified = true;
        return { verdicts: [], usage: { promptTokens: 0, completionTokens: 0 }, notes: [] };
      },
    });
    const job = await runCheck(input, d);
    expect(job.error?.kind).toBe('caption');
    expect(job.error?.message).toMatch(/Select the caption text/);
    expect(verified).toBe(false);
  });

  it('checks every piece anyway when the split set all of it aside, and says so', async () => {
    let sent: string[] = [];
    const d = deps({
      gather: async () => ({ caption: 'The scene evokes a serene atmosphere. Let me know if you need more!', pageUrl: '', imageUrl: '' }),
      verify: async (claims) => {
        sent = claims;
        return { verdicts: claims.map(() => yes), usage: { promptTokens: 0, completionTokens: 0 }, notes: [] };
      },
    });
    const job = await runCheck(input, d);
    expect(job.status).toBe('done');
    expect(sent).toEqual(['The scene evokes a serene atmosphere.', 'Let me know if you need more!']);
    expect(job.setAside).toEqual([]);
    expect(job.notes).toContain('Every piece of this caption looked like interpretation, so all of it was checked anyway.');
  });

  it('splits by the language the page declares for the caption', async () => {
    const caption = 'A dog sleeps on the porch. The scene feels peaceful.';
    const english = await runCheck(input, deps({ gather: async () => ({ caption, pageUrl: '', imageUrl: '', lang: 'en-US' }) }));
    expect(english.setAside.map((s) => s.text)).toEqual(['The scene feels peaceful.']);
    const german = await runCheck(input, deps({ gather: async () => ({ caption, pageUrl: '', imageUrl: '', lang: 'de' }) }));
    expect(german.claims.map((c) => c.text)).toEqual(['A dog sleeps on the porch.', 'The scene feels peaceful.']);
    expect(german.setAside).toEqual([]);
    expect(german.notes.filter((n) => n.startsWith('The caption is marked as another language (de)'))).toHaveLength(1);
  });

  it('passes on the split\'s note that a caption is not English', async () => {
    const d = deps({ gather: async () => ({ caption: 'Zwei Katzen sitzen auf dem Sofa. Ein Hund schläft unter dem Tisch.', pageUrl: '', imageUrl: '' }) });
    const job = await runCheck(input, d);
    expect(job.claims).toHaveLength(2);
    expect(job.notes.filter((n) => /does not look English/.test(n))).toHaveLength(1);
  });

  it('checks at most maxClaims claims and says so', async () => {
    const caption = Array.from({ length: 5 }, (_, i) => `Claim number ${i + 1} is here.`).join(' ');
    let sent: string[] = [];
    const d = deps({
      gather: async () => ({ caption, pageUrl: '', imageUrl: '' }),
      verify: async (claims) => {
        sent = claims;
        return { verdicts: claims.map(() => yes), usage: { promptTokens: 0, completionTokens: 0 }, notes: [] };
      },
    });
    const job = await runCheck({ ...input, maxClaims: 3 }, d);
    expect(sent).toHaveLength(3);
    expect(job.notes.join(' ')).toMatch(/first 3 of 5 claims/);
  });
});

describe('runCheck with the model-assisted split', () => {
  it('verifies the claims the splitter returns, keeping their source sentence spans', async () => {
    let sent: string[] = [];
    const d = deps({
      split: async (caption) => ({
        claims: [
          { text: 'There are two cats.', start: 0, end: caption.indexOf('.') + 1, hedged: false },
          { text: 'There is a dog.', start: caption.indexOf('A dog'), end: caption.length, hedged: false },
        ],
        setAside: [],
      }),
      verify: async (claims) => {
        sent = claims;
        return { verdicts: [yes, no], usage: { promptTokens: 1, completionTokens: 1 }, notes: [] };
      },
    });
    const job = await runCheck(input, d);
    expect(sent).toEqual(['There are two cats.', 'There is a dog.']);
    expect(job.claims.map((c) => job.caption.slice(c.start, c.end))).toEqual(['Two cats sit on a sofa.', 'A dog sleeps under the table.']);
  });
});

describe('prepareCaption', () => {
  it('caps very long captions with a notice', () => {
    const { caption, notes } = prepareCaption('word '.repeat(10_000));
    expect(caption.length).toBe(MAX_CAPTION_CHARS);
    expect(notes).toHaveLength(1);
  });
});

describe('planSplit (the extension and the CLI plan claims with it)', () => {
  const span = (text: string, start: number) => ({ text, start, end: start + text.length, hedged: false });
  const aside = (text: string, start: number) => ({ text, start, end: start + text.length, reason: 'mood' });

  it.each([
    ['keeps the claims and the split notes', { claims: [span('A car.', 0)], setAside: [], notes: ['Not English.'] }, {}, ['A car.'], ['Not English.']],
    ['cuts at maxClaims and says where to change it', { claims: [span('A.', 0), span('B.', 3), span('C.', 6)], setAside: [] }, { maxClaims: 2, capHint: ' (Options → max claims)' }, ['A.', 'B.'], ['Only the first 2 of 3 claims were checked (Options → max claims).']],
    ['checks every piece when all was set aside, if asked to', { claims: [], setAside: [aside('So serene.', 0)] }, { checkAllWhenAllSetAside: true }, ['So serene.'], ['Every piece of this caption looked like interpretation, so all of it was checked anyway.']],
    ['reports nothing to check otherwise (the CLI)', { claims: [], setAside: [aside('So serene.', 0)] }, {}, [], []],
  ] satisfies [string, SplitResult, Partial<ClaimPlanOptions>, string[], string[]][])('%s', (_name, split, options, claims, notes) => {
    const planned = planSplit(structuredClone(split), [], { maxClaims: 25, ...options });
    expect(planned.claims.map((c) => c.text)).toEqual(claims);
    expect(planned.notes).toEqual(notes);
  });
});
