import { APIConnectionError, PermissionDeniedError } from 'openai';
import { describe, expect, it } from 'vitest';
import { CheckError } from '@/lib/errors';
import { toCheckError } from '@/lib/verify/client';
import { explainLocalFailure, isLocalEndpoint, localRuleFor, originPattern } from '@/lib/platform/local-endpoint';

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

describe('explainLocalFailure', () => {
  const refused = toCheckError(new PermissionDeniedError(403, undefined, undefined, new Headers()), 'llava');
  const unreachable = toCheckError(new APIConnectionError({ message: 'fetch failed' }), 'llava');

  it('names the grant and OLLAMA_ORIGINS for a 403 from a local server without access', () => {
    const error = explainLocalFailure(refused, 'http://localhost:11434/v1', false) as CheckError;
    expect(error.kind).toBe('auth');
    expect(error.message).toBe(
      'The local model server at http://localhost:11434 refused this extension (403). To fix it, open Options and press Save, then allow access to http://localhost:11434 when the browser asks — or start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*.',
    );
  });

  it('with access granted, only OLLAMA_ORIGINS is left to suggest', () => {
    const error = explainLocalFailure(refused, 'http://localhost:11434/v1', true) as CheckError;
    expect(error.message).toContain('start Ollama with OLLAMA_ORIGINS');
    expect(error.message).not.toContain('press Save');
  });

  it('a network failure (CORS looks the same) keeps its kind and adds the fix', () => {
    const error = explainLocalFailure(unreachable, 'http://127.0.0.1:11434/v1', false) as CheckError;
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^Could not reach the local model server at http:\/\/127\.0\.0\.1:11434\. Check that it is running/);
  });

  it('leaves remote endpoints and other errors alone', () => {
    expect(explainLocalFailure(refused, 'https://api.openai.com/v1', false)).toBe(refused);
    const timeout = new CheckError('timeout', 'slow');
    expect(explainLocalFailure(timeout, 'http://localhost:11434/v1', false)).toBe(timeout);
  });
});
