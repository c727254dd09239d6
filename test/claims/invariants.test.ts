import { describe, expect, it } from 'vitest';
import { splitCaption, type SplitResult } from '../../lib/claims/split.ts';

const fragments = [
  'The image features a young boy standing on a skateboard, which is placed on a wooden ramp.',
  'In the image, a girl is holding a red umbrella, and her pose suggests that she is enjoying the rain.',
  'Dr. Smith holds a 3.5 kg fish… e.g. a trout!',
  'The overall atmosphere is serene, creating a peaceful mood.',
  '一只猫坐在沙发上。',
  'القطة على الأريكة؟',
  '🐱 A cat 🐶 sits, possibly asleep, on a mat — or a rug;',
  '"Stop," says the sign, and a car waits.',
  'Firstly, the couch, near the window, might offer warmth.',
  '   \n\n  ',
  ',,, and and , which',
  'Two men play frisbee while a dog watches',
];

// A small deterministic generator, so a failure names a caption that can be replayed.
function* captions(count: number): Generator<string> {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let n = 0; n < count; n++) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 6) }, () => fragments[Math.floor(next() * fragments.length)]!);
    yield parts.join(next() < 0.5 ? ' ' : '\n');
  }
}

function violations(caption: string, result: SplitResult): string[] {
  const problems: string[] = [];
  const all = [...result.claims, ...result.setAside];
  for (const span of all) {
    if (caption.slice(span.start, span.end) !== span.text) problems.push(`does not slice back: ${JSON.stringify(span)}`);
    if (span.text !== span.text.trim() || span.text === '') problems.push(`not trimmed: ${JSON.stringify(span.text)}`);
  }
  for (const list of [result.claims, result.setAside]) {
    for (let i = 1; i < list.length; i++) if (list[i]!.start < list[i - 1]!.end) problems.push(`out of order: ${list[i]!.text}`);
  }
  const sorted = [...all].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) problems.push(`overlap: ${sorted[i - 1]!.text} / ${sorted[i]!.text}`);
  }
  return problems;
}

describe('splitCaption span invariants', () => {
  it('hold for 300 generated captions mixing scripts, abbreviations and odd punctuation', () => {
    const failures = [...captions(300)].flatMap((caption) => violations(caption, splitCaption(caption)).map((p) => `${p} in ${JSON.stringify(caption)}`));
    expect(failures).toEqual([]);
  });

  it('the invariant checker itself catches a broken result', () => {
    const caption = 'A cat sits. A dog runs.';
    const broken: SplitResult = {
      claims: [
        { text: 'A dog runs.', start: 12, end: 23, hedged: false },
        { text: 'A cat sits', start: 0, end: 11, hedged: false },
      ],
      setAside: [{ text: 'dog', start: 14, end: 17, reason: 'interpretation' }],
    };
    expect(violations(caption, broken)).toEqual([
      'does not slice back: {"text":"A cat sits","start":0,"end":11,"hedged":false}',
      'out of order: A cat sits',
      'overlap: A dog runs. / dog',
    ]);
  });
});

// Speed is measured by `npm run bench:claims` (median split time); here only catastrophic backtracking is guarded
// against: a split of 10,000 words must not take seconds of CPU (it takes about half a second). Counted in this
// process's CPU time, not wall time, so a machine busy with other work cannot fail it.
describe('splitCaption on huge input', () => {
  it.each([
    ['long sentences', 'A cat sits on a mat and a dog runs beside it, holding a stick, which is red'],
    ['one endless list', 'a cat, and a dog'],
    ['no punctuation at all', 'word'],
    ['many short sentences', 'The dog, which is brown, sits on a mat.'],
  ])('handles a 10,000-word caption (%s) in under 5 s of CPU', (_name, unit) => {
    const words = unit.split(' ').length;
    const caption = Array.from({ length: Math.ceil(10_000 / words) }, () => unit).join(' ');
    const before = process.cpuUsage();
    const result = splitCaption(caption);
    const spent = process.cpuUsage(before);
    expect(result.claims.length + result.setAside.length).toBeGreaterThan(0);
    expect((spent.user + spent.system) / 1000).toBeLessThan(5_000);
  });
});
