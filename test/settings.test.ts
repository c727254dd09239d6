import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, configuredEndpoint, endpointSchema, readSettings } from '@/lib/settings';

describe('settings', () => {
  it('falls back field by field, keeping valid values (a temperature-like 0 is not replaced)', () => {
    const settings = readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava', maxClaims: 'many', stream: false });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'http://localhost:11434/v1', model: 'llava', stream: false });
  });

  it.each([null, undefined, 'garbage', 42])('treats %j as nothing stored', (stored) => {
    expect(readSettings(stored)).toEqual(DEFAULT_SETTINGS);
  });

  it('is unconfigured until a valid endpoint is saved', () => {
    expect(configuredEndpoint(DEFAULT_SETTINGS)).toBeNull();
    expect(configuredEndpoint({ ...DEFAULT_SETTINGS, baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' })).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: '',
      model: 'gpt-4o-mini',
    });
  });

  it.each([
    [{ baseUrl: '', apiKey: '', model: 'x' }, /Enter the Base URL/],
    [{ baseUrl: 'ftp://host/v1', apiKey: '', model: 'x' }, /http:\/\/ or https:\/\//],
    [{ baseUrl: 'not a url', apiKey: '', model: 'x' }, /http:\/\/ or https:\/\//],
    [{ baseUrl: 'https://api.openai.com/v1', apiKey: '', model: ' ' }, /vision model/],
  ])('rejects %j with a message that says what to enter', (value, message) => {
    const parsed = endpointSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message).join(' ')).toMatch(message);
  });
});
