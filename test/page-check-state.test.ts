import { describe, expect, it } from 'vitest';
import { interruptedPageCheck, newPageCheck, pageCheckProgress, type PageCheck } from '@/lib/page-check-state';

const pair = (id: string) => ({ id, imageUrl: `https://example.test/${id}.jpg`, caption: `Caption ${id}.`, truncated: false, source: 'figcaption' as const });

describe('interruptedPageCheck', () => {
  it('ends the run; ticked pairs still waiting say they were interrupted, finished and unticked ones stay as they were', () => {
    const listed = newPageCheck(3, 'https://example.test/', [pair('a'), pair('b'), pair('c'), pair('d')], 1000);
    const running: PageCheck = {
      ...listed,
      status: 'running',
      owner: 'old-worker',
      items: [
        { ...listed.items[0]!, state: 'done', claims: 2, unsupported: 1 },
        { ...listed.items[1]!, state: 'running' },
        { ...listed.items[2]!, state: 'pending' },
        { ...listed.items[3]!, selected: false },
      ],
    };
    const ended = interruptedPageCheck(running, 'The check was interrupted.', 2000);
    expect(ended.status).toBe('done');
    expect(ended.finishedAt).toBe(2000);
    expect(ended.items.map((i) => [i.state, i.error])).toEqual([
      ['done', null],
      ['error', 'The check was interrupted.'],
      ['error', 'The check was interrupted.'],
      ['pending', null],
    ]);
    expect(pageCheckProgress(ended)).toEqual({ ended: 3, total: 3 });
  });
});
