// Issue 41, finding 4: a credit is set apart by one rule wherever the caption enters a check — picked in the
// dialog, selected, typed, or written into Edit claims — so no credit reaches the model, and the credit line
// reads once, without the page's own "Credit:" label doubled or its controls ("hide caption").
import { describe, expect, it } from 'vitest';
import { runCheck, type CheckDeps } from '@/lib/check-lifecycle';
import { setCreditApart } from '@/lib/check/credit-apart';
import type { CheckJob } from '@/lib/job-record';
import { recheckClaims } from '@/lib/recheck-lifecycle';
import type { Verdict } from '@/lib/verify/schema';
import { claimOf, jobOf } from './fixture';

const yes: Verdict = { reasoning: 'Seen.', label: true, error_type: [] };

/** Checks `caption` as a selection or typed text arrives (no credit beside it): what the model was asked, and the job. */
async function checkAsTyped(caption: string, credit?: string): Promise<{ asked: string[]; job: CheckJob }> {
  const asked: string[] = [];
  const deps: CheckDeps = {
    now: () => 1,
    save: async () => {},
    gather: async () => ({ caption, ...(credit ? { credit } : {}), pageUrl: 'https://news.test/', imageUrl: 'https://news.test/a.jpg' }),
    acquireImage: async () => ({ dataUrl: 'data:image/jpeg;base64,AAAA', path: 'fetch', byteLength: 3 }),
    verify: async (claims) => (asked.push(...claims), { verdicts: claims.map(() => yes), usage: { promptTokens: 1, completionTokens: 1 }, notes: [] }),
  };
  const job = await runCheck({ id: 'j', tabId: 1, model: 'm', maxClaims: 25, pageUrl: 'https://news.test/', imageUrl: 'https://news.test/a.jpg' }, deps);
  return { asked, job };
}

describe('a credit in a selected or typed caption never reaches the model', () => {
  it.each([
    ['en: "Credit:" glued to the caption', 'Soldiers patrol the streets of Harare after the military takeover Credit: HARARE HERALD', 'HARARE HERALD'],
    ['en: "Photo: …/Getty Images" typed', 'Two men shake hands at the summit. Photo: Jane Doe/Getty Images', 'Photo: Jane Doe/Getty Images'],
    ['en: "(Photo by …, Reuters)"', 'Two men shake hands at the summit (Photo by Jane Doe, Reuters)', 'Photo by Jane Doe, Reuters'],
    ['en: the NYT\'s "CreditCredit…"', 'A woman walks past a closed shop in Brooklyn.CreditCreditChang W. Lee/The New York Times', 'Chang W. Lee/The New York Times'],
    ['en: page controls after the credit', 'A crowd gathers outside the court. Credit: Chuck Burton/AP hide caption', 'Chuck Burton/AP'],
    ['de: "Foto: …/dpa"', 'Demonstranten ziehen durch die Innenstadt. Foto: Max Muster/dpa', 'Foto: Max Muster/dpa'],
    ['de: "Bild:" glued', 'Ein Mann steht vor dem Rathaus Bild: Max Muster', 'Bild: Max Muster'],
    ['fr: "Photo : …/AFP"', 'Des manifestants défilent dans le centre-ville. Photo : Jean Dupont/AFP', 'Photo : Jean Dupont/AFP'],
    ['fr: "(Crédit photo : …)"', 'Des manifestants défilent dans le centre-ville (Crédit photo : Jean Dupont / AFP)', 'Jean Dupont / AFP'],
  ])('%s', async (_name, caption, credit) => {
    const { asked, job } = await checkAsTyped(caption);
    expect(asked.length).toBeGreaterThan(0);
    const creditWords = credit.split(/[\s/,:]+/).filter((word) => word.length > 3);
    for (const word of creditWords) expect(asked.join(' '), word).not.toContain(word);
    expect(job.credit).toBe(credit);
    expect(job.caption).not.toContain(creditWords[0]!);
  });

  it('a caption with no credit is left as it is', async () => {
    for (const caption of ['Two cats sit on a sofa. A dog sleeps under the table.', 'A sign reads: Closed for repairs', 'The screen shows the text Photo: Beach day and a palm tree.'])
      expect(setCreditApart(caption)).toEqual({ caption, credit: '' });
  });

  it('the credit line says "Credit:" once, and a credit the dialog gave is not repeated', async () => {
    expect((await checkAsTyped('A man waves from a balcony.', 'Credit: Credit: STR/AFP')).job.credit).toBe('STR/AFP');
    expect((await checkAsTyped('A man waves from a balcony. Photo: Jane Doe/Reuters', 'Photo: Jane Doe/Reuters')).job.credit).toBe('Photo: Jane Doe/Reuters');
  });
});

describe('a credit written into Edit claims never reaches the model', () => {
  it('is taken off the claim; a claim that is only a credit is not sent', async () => {
    const asked: string[] = [];
    const previous = jobOf([claimOf('Two men shake hands.', true, 'Seen.')]);
    await recheckClaims(previous, ['Two men shake hands. Photo: Jane Doe/Getty Images', 'Foto: Max Muster/dpa', 'A flag hangs behind them.'], 'data:image/jpeg;base64,AA', 'k', {
      now: () => 2,
      save: async () => {},
      verify: async (claims) => (asked.push(...claims), { verdicts: claims.map(() => yes), usage: { promptTokens: 1, completionTokens: 1 }, notes: [] }),
    });
    expect(asked).toEqual(['Two men shake hands.', 'A flag hangs behind them.']);
  });
});
