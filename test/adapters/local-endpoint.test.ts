import { describe, expect, it } from 'vitest';
import { isLocalEndpoint, localRuleFor, originPattern } from '@/lib/adapters/local-endpoint';

describe('isLocalEndpoint', () => {
  it.each([
    ['http://localhost:11434/v1', true],
    ['http://127.0.0.1:1234/v1', true],
    ['http://[::1]:8000/v1', true],
    ['http://0.0.0.0:11434/v1', true],
    ['http://192.168.1.20:11434/v1', true],
    ['http://10.0.0.5:8000/v1', true],
    ['http://172.20.0.2:8000/v1', true],
    ['http://gpu-box:11434/v1', true],
    ['http://ollama.local:11434/v1', true],
    ['https://api.openai.com/v1', false],
    ['https://openrouter.ai/api/v1', false],
    ['http://172.32.0.1/v1', false],
    ['not a url', false],
  ])('%s → %s', (url, local) => expect(isLocalEndpoint(url)).toBe(local));
});

describe('the Origin rule', () => {
  it("asks for the endpoint's own port only (Chrome), the host in Firefox, whose patterns take no port", () => {
    expect(originPattern('http://localhost:11434/v1')).toBe('http://localhost:11434/*');
    expect(originPattern('http://[::1]:8000/v1')).toBe('http://[::1]:8000/*');
    expect(originPattern('https://gpu-box/v1')).toBe('https://gpu-box/*');
    expect(originPattern('http://localhost:11434/v1', false)).toBe('http://localhost/*');
  });

  it('drops the Origin header on our own requests to the endpoint host only', () => {
    expect(localRuleFor('http://[::1]:11434/v1', 'abcdef')).toEqual({
      id: 4401,
      priority: 1,
      action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
      condition: { requestDomains: ['::1'], initiatorDomains: ['abcdef'], resourceTypes: ['xmlhttprequest', 'other'] },
    });
  });
});
