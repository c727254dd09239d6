import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MAX_SAMPLES, configuredEndpoint, endpointSchema, readSettings, settingsSchema } from '@/lib/settings';

describe('settings', () => {
  it('falls back field by field, keeping valid values (a temperature-like 0 is not replaced)', () => {
    const settings = readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava', maxClaims: 'many', stream: false });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'http://localhost:11434/v1', model: 'llava', stream: false });
  });

  it('asks 5 samples per claim by default, also for settings saved before the field existed', () => {
    expect(DEFAULT_SETTINGS.samplesPerClaim).toBe(5);
    expect(readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava' }).samplesPerClaim).toBe(5);
  });

  it.each([
    [1, 1],
    [MAX_SAMPLES, MAX_SAMPLES],
    [0, 5],
    [MAX_SAMPLES + 1, 5],
    [2.5, 5],
    ['7', 5],
  ])('keeps samples per claim %j as %j (1 is off; out of range falls back)', (stored, kept) => {
    expect(readSettings({ samplesPerClaim: stored }).samplesPerClaim).toBe(kept);
    expect(settingsSchema.shape.samplesPerClaim.safeParse(stored).success).toBe(stored === kept);
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
