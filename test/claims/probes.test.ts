import { describe, expect, it } from 'vitest';
import { isCheckHalf, loadSets } from '../../scripts/claim-sets.ts';

// The written probes live in the repository, so bench:claims scores them on any clone.
describe('the written claim probes', () => {
  const { items } = loadSets('/nonexistent');
  const probes = items.filter((i) => i.set === 'probes');

  it('load as parts a and b (120 answers each), e (450 captions), f (100 answers) and h (50 descriptions), every labelled unit found in its caption', () => {
    expect(probes.filter((p) => p.group === 'part a')).toHaveLength(120);
    expect(probes.filter((p) => p.group === 'part b')).toHaveLength(120);
    expect(probes.filter((p) => p.group === 'part e')).toHaveLength(450);
    expect(probes.filter((p) => p.group === 'part f')).toHaveLength(100);
    expect(probes.filter((p) => p.group === 'part h')).toHaveLength(50);
    for (const p of probes) for (const u of p.units) expect(p.caption.slice(u.start, u.end)).toBe(u.text);
  });

  it('label both kinds, with the ambiguous ones unscored', () => {
    const units = probes.flatMap((p) => p.units);
    expect(units.filter((u) => u.gold === true).length).toBeGreaterThan(900);
    expect(units.filter((u) => u.gold === false).length).toBeGreaterThan(600);
    expect(units.filter((u) => u.gold === null)).toHaveLength(43);
  });

  it('load the later parts: c (120 answers) and d (290 captions), every labelled unit found in its caption', () => {
    const later = items.filter((i) => i.set === 'probes-cd');
    expect(later.filter((p) => p.group === 'part c')).toHaveLength(120);
    expect(later.filter((p) => p.group === 'part d')).toHaveLength(290);
    for (const p of later) for (const u of p.units) expect(p.caption.slice(u.start, u.end)).toBe(u.text);
    const units = later.flatMap((p) => p.units);
    expect([units.filter((u) => u.gold === true).length, units.filter((u) => u.gold === false).length]).toEqual([301, 310]);
    // Odd ids are the development half, even ids the held-out half.
    expect(later.filter((p) => p.heldOut).every((p) => Number(p.id.split('/').pop()) % 2 === 0)).toBe(true);
    expect(later.filter((p) => p.heldOut)).toHaveLength(205);
  });

  it('load the last part, g (150 items), all held out, every labelled unit found in its caption', () => {
    const last = items.filter((i) => i.set === 'probes-g');
    expect(last).toHaveLength(150);
    expect(last.every((p) => p.heldOut && p.group === 'part g')).toBe(true);
    for (const p of last) for (const u of p.units) expect(p.caption.slice(u.start, u.end)).toBe(u.text);
    const units = last.flatMap((p) => p.units);
    expect([units.filter((u) => u.gold === true).length, units.filter((u) => u.gold === false).length]).toEqual([305, 138]);
  });

  it('split a development file into halves by a fixed hash of the picture or answer: the same way every time, about evenly', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `hl/COCO_train2014_${String(i * 7919).padStart(12, '0')}`);
    const check = ids.filter(isCheckHalf);
    expect(check.length).toBeGreaterThan(160);
    expect(check.length).toBeLessThan(240);
    expect(ids.filter(isCheckHalf)).toEqual(check);
  });
});
