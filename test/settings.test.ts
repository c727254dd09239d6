import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_SAMPLES,
  DEFAULT_SETTINGS,
  MAX_SAMPLES,
  OLD_DEFAULT_SAMPLES,
  SETTINGS_VERSION,
  configuredEndpoint,
  endpointSchema,
  readSettings,
  requestsPerCheck,
  samplesFor,
  settingsFromStorage,
  settingsSchema,
} from '@/lib/settings';

describe('settings', () => {
  it('falls back field by field, keeping valid values (a temperature-like 0 is not replaced)', () => {
    const settings = readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava', maxClaims: 'many', stream: false });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'http://localhost:11434/v1', model: 'llava', stream: false });
  });

  it('reads a stored image size above the 2048 px Options offers as the default 1024', () => {
    expect(DEFAULT_SETTINGS.maxImageEdge).toBe(1024);
    expect(readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava', maxImageEdge: 4096 }).maxImageEdge).toBe(1024);
    expect(readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava', maxImageEdge: 2048 }).maxImageEdge).toBe(2048);
  });

  it('samples nothing by default (one request per check), also for settings saved before the field existed', () => {
    expect(DEFAULT_SETTINGS.samplesPerClaim).toBe(1);
    expect(readSettings({ baseUrl: 'http://localhost:11434/v1', model: 'llava' }).samplesPerClaim).toBe(1);
  });

  it.each([
    [1, 1],
    [3, 3],
    [MAX_SAMPLES, MAX_SAMPLES],
    [0, 1],
    [MAX_SAMPLES + 1, 1],
    [2.5, 1],
    ['7', 1],
  ])('keeps samples per claim %j as %j (1 is off; out of range falls back)', (stored, kept) => {
    expect(readSettings({ samplesPerClaim: stored }).samplesPerClaim).toBe(kept);
    expect(settingsSchema.shape.samplesPerClaim.safeParse(stored).success).toBe(stored === kept);
  });

  it.each([
    // Before v3 a save wrote the default with everything else: a stored 5 is the old default, not a choice.
    ['v1 (no version) at the old default', { samplesPerClaim: OLD_DEFAULT_SAMPLES }, 1, true],
    ['v2 at the old default', { version: 2, samplesPerClaim: OLD_DEFAULT_SAMPLES }, 1, true],
    ['v2 with sampling off', { version: 2, samplesPerClaim: 1 }, 1, true],
    ['v2 with 3 chosen', { version: 2, samplesPerClaim: 3 }, 3, true],
    ['v2 with 7 chosen', { version: 2, samplesPerClaim: 7 }, 7, true],
    ['v1 without the field', {}, 1, true],
    // From v3 on, 5 can only have been typed by the user.
    ['v3 with 5 chosen', { version: SETTINGS_VERSION, samplesPerClaim: 5 }, 5, false],
    ['a damaged v3 object with 5 chosen', { version: SETTINGS_VERSION, samplesPerClaim: 5, maxClaims: 'many' }, 5, true],
    ['a newer version, read but never rewritten', { version: SETTINGS_VERSION + 1, samplesPerClaim: 5 }, 5, false],
  ])('migrates samples per claim of %s', (_name, fields, samples, rewrite) => {
    const stored = { ...DEFAULT_SETTINGS, ...fields };
    if (!('version' in fields)) delete (stored as { version?: unknown }).version;
    expect(settingsFromStorage(stored)).toEqual({ settings: { ...DEFAULT_SETTINGS, samplesPerClaim: samples }, rewrite });
  });

  it.each([
    [1, undefined, 1],
    [1, 'logprob', 1],
    [1, 'agreement', CALIBRATION_SAMPLES],
    [3, 'agreement', 3],
    [7, null, 7],
  ] as const)('asks %j samples with a calibration of kind %j: %j', (chosen, kind, asked) => {
    expect(samplesFor(chosen, kind)).toBe(asked);
  });

  it.each([
    [1, 1],
    [3, 4],
    [5, 6],
  ])('with %j samples a check costs at most %j requests', (samples, requests) => {
    expect(requestsPerCheck(samples)).toBe(requests);
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
