import { t } from './i18n';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import type { ScoreKind } from './verify/schema';

/** The endpoint as the user typed it; validated when saved, so a check never starts from a bad one. */
export const endpointSchema = lazySchema(() => z.object({
  baseUrl: z
    .string()
    .trim()
    .min(1, { error: () => t('settingsBaseUrlMissing') })
    .pipe(z.url({ protocol: /^https?$/, error: () => t('settingsBaseUrlScheme') })),
  apiKey: z.string().trim().max(4096),
  model: z.string().trim().min(1, { error: () => t('settingsModelMissing') }),
}));
export type Endpoint = z.infer<typeof endpointSchema>;

/** Which kind of model answers a check: Chrome's on-device model or an OpenAI-compatible endpoint. */
export const providerIdSchema = lazySchema(() => z.enum(['builtin', 'endpoint']));
export type ProviderId = z.infer<typeof providerIdSchema>;

/** The user's default model: on-device, endpoint, or auto. */
export const providerSettingSchema = lazySchema(() => z.enum(['auto', ...providerIdSchema.options]));
export type ProviderSetting = z.infer<typeof providerSettingSchema>;

/**
 * Answers asked per claim where the endpoint gives no logprobs (the CLI's --samples default): 1, so a
 * check is one request on every endpoint; an agreement score (k answers, k + 1 requests) only when asked.
 */
export const DEFAULT_SAMPLES = 1;
/** The default of builds before settings v3: every check on an endpoint without logprobs cost 1 + 5 requests. */
export const OLD_DEFAULT_SAMPLES = 5;
/**
 * k asked for a calibration made with agreement scores when the user asked for none: the k such
 * calibrations were made with (the --samples default before one request per check became the default).
 */
export const CALIBRATION_SAMPLES = 5;

/**
 * The k a check asks for: the user's (1 = off), except that a calibration made with agreement scores
 * needs them, so with sampling off it gets CALIBRATION_SAMPLES.
 */
export function samplesFor(chosen: number, calibrationKind?: ScoreKind | null): number {
  return calibrationKind === 'agreement' && chosen < 2 ? CALIBRATION_SAMPLES : chosen;
}

/** Requests a check of up to 12 claims costs at most with k samples, on an endpoint that ignores `n`: 1 + k, or 1 when off. */
export function requestsPerCheck(samples: number): number {
  return samples < 2 ? 1 : 1 + samples;
}

/** The largest image edge Options offers and any setting may hold: a stored larger one reads back as the default. */
export const MAX_IMAGE_EDGE = 2048;

/** The most answers sampled per claim: beyond this the cost grows and the score barely sharpens. */
export const MAX_SAMPLES = 16;

export const settingsSchema = lazySchema(() => z.object({
  /** Empty baseUrl means "not configured yet": the first run shows guidance instead of failing. */
  baseUrl: z.string(),
  apiKey: z.string(),
  model: z.string(),
  /** Longest edge of the image sent to the model, in pixels: at most what Options offers (PRIVACY.md says so). */
  maxImageEdge: z.number().int().min(256).max(MAX_IMAGE_EDGE),
  /** How the caption becomes claims: spans split on the device, or atomic claims rewritten by the model. */
  splitMode: z.enum(['on-device', 'model']),
  /** Claims sent per check; the rest are cut with a notice. */
  maxClaims: z.number().int().min(1).max(100),
  /** Chunks of 12 claims in flight at once. */
  concurrency: z.number().int().min(1).max(8),
  /** Stream verdicts as they are written. */
  stream: z.boolean(),
  /** Request timeout in seconds. */
  timeoutSeconds: z.number().int().min(5).max(600),
  /** Where the API key lives: storage.local, or storage.session (gone when the browser closes). */
  keyStorage: z.enum(['local', 'session']),
  /** Finished checks kept in history; the oldest go first. 0 keeps none. */
  historyLimit: z.number().int().min(0).max(1000),
  /**
   * Which model answers: Chrome's on-device model, the endpoint, or auto (the endpoint once one is
   * configured, else the on-device model when Chrome has it). Missing in older settings → auto, so
   * users with an endpoint keep it and a fresh install uses the on-device model: no migration.
   */
  provider: providerSettingSchema,
  /**
   * What the toolbar button opens: the side panel (stays open beside the page), the popup, or auto
   * (the panel where the browser has one: Chrome 116+, Firefox). Missing in older settings → auto.
   */
  toolbarOpens: z.enum(['auto', 'panel', 'popup']),
  /**
   * Answers asked per claim where the endpoint gives no logprobs, so each verdict gets a score (agreement
   * among them) for k more requests per check; 1 turns sampling off. Missing in older settings → the default.
   */
  samplesPerClaim: z.number().int().min(1).max(MAX_SAMPLES),
}));
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: '',
  apiKey: '',
  model: '',
  maxImageEdge: 1024,
  splitMode: 'on-device',
  maxClaims: 25,
  concurrency: 3,
  stream: true,
  timeoutSeconds: 120,
  keyStorage: 'local',
  historyLimit: 200,
  provider: 'auto',
  toolbarOpens: 'auto',
  samplesPerClaim: DEFAULT_SAMPLES,
};

/** The format version of the settings object in storage (its own `version` field). */
export const SETTINGS_VERSION = 3;

/**
 * Settings as stored from format v2 on. v1 (every build before this field) stored the bare object, and
 * fields added later (provider, toolbarOpens, samplesPerClaim) were missing in older installs and
 * filled from the defaults on every read. v2 adds `version` and stores every field: what the user
 * has is what storage holds, a default changed in a later build cannot change a saved choice, and the
 * next migration starts from a complete object whose format it knows. v3: samples per claim default
 * to 1 (see migrateSettingsV3).
 */
export const storedSettingsSchema = lazySchema(() => settingsSchema.extend({ version: z.literal(SETTINGS_VERSION) }));
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

/** The settings in their stored (current) form. */
export function toStoredSettings(settings: Settings): StoredSettings {
  return { version: SETTINGS_VERSION, ...settings };
}

/**
 * v1/v2 → v3: samples per claim at the old default (5) become the new default (1). Before v3 every save
 * wrote the default along with the user's other choices, so a stored 5 cannot be told from "never
 * touched"; any other value was typed by the user and stays.
 */
export function migrateSettingsV3(settings: Settings): Settings {
  return settings.samplesPerClaim === OLD_DEFAULT_SAMPLES ? { ...settings, samplesPerClaim: DEFAULT_SAMPLES } : settings;
}

/**
 * Reads settings in any stored format. `rewrite` says whether to store them back in the current format:
 * true for an older object (v1, v2) or a damaged current one, repaired field by field; never for nothing
 * stored (a fresh install keeps following the defaults) nor for a newer version than this build knows (a
 * downgrade must not lose it).
 */
export function settingsFromStorage(stored: unknown): { settings: Settings; rewrite: boolean } {
  const current = storedSettingsSchema.safeParse(stored);
  if (current.success) {
    const { version: _version, ...settings } = current.data;
    return { settings, rewrite: false };
  }
  const version = typeof stored === 'object' && stored !== null ? (stored as { version?: unknown }).version : undefined;
  const known = typeof version === 'number' ? version : 1;
  const read = readSettings(stored);
  if (known > SETTINGS_VERSION) return { settings: read, rewrite: false };
  return { settings: known < 3 ? migrateSettingsV3(read) : read, rewrite: stored != null };
}

/** Reads stored settings; anything missing or malformed falls back field by field, never wholesale. */
export function readSettings(stored: unknown): Settings {
  const base = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const result = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const field = settingsSchema.shape[key].safeParse(base[key]);
    if (field.success) Object.assign(result, { [key]: field.data });
  }
  return result;
}

/** The endpoint part of the settings, or null when the user has not configured one. */
export function configuredEndpoint(settings: Settings): Endpoint | null {
  const parsed = endpointSchema.safeParse(settings);
  return parsed.success ? parsed.data : null;
}
