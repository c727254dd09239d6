import { describe, expect, it } from 'vitest';
import { trusted } from '@/lib/page/shadow-host';

describe('trusted', () => {
  it('passes on what the browser dispatched for the user and drops what a script forged', () => {
    const seen: string[] = [];
    const handler = trusted((event: Event) => seen.push(event.type));
    handler({ type: 'click', isTrusted: true } as Event);
    handler(new Event('keydown')); // constructed by a script: isTrusted is false
    expect(seen).toEqual(['click']);
  });
});
