import { describe, expect, it } from 'vitest';
import { loadSets } from '../../scripts/claim-sets.ts';

// The written probes live in the repository, so bench:claims scores them on any clone.
describe('the written claim probes', () => {
  const { items } = loadSets('/nonexistent');
  const probes = items.filter((i) => i.set === 'probes');

  it('load as two parts of 120 answers, every labelled unit found in its caption', () => {
    expect(probes.filter((p) => p.group === 'part a')).toHaveLength(120);
    expect(probes.filter((p) => p.group === 'part b')).toHaveLength(120);
    for (const p of probes) for (const u of p.units) expect(p.caption.slice(u.start, u.end)).toBe(u.text);
  });

  it('label both kinds, with the ambiguous ones unscored', () => {
    const units = probes.flatMap((p) => p.units);
    expect(units.filter((u) => u.gold === true).length).toBeGreaterThan(500);
    expect(units.filter((u) => u.gold === false).length).toBeGreaterThan(200);
    expect(units.filter((u) => u.gold === null)).toHaveLength(36);
  });
});
