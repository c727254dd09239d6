// The schema of every key in lib/storage-keys.ts: what each holds, checked on every read
// (lib/adapters/storage.ts reads nothing around these). Stored formats are those users already have.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { checkJobSchema } from './job-record';
import { readHistory } from './history';
import { pageCheckSchema } from './page-check-state';
import { storedSettingsSchema } from './settings';
import type { StorageKeyName, TabKeyKind } from './storage-keys';
import type { OutputMode } from './verify/verify';
import { waitingCheckSchema } from './waiting-check';

const outputModeSchema = lazySchema(() => z.enum(['json_schema', 'json_object', 'prompt'] satisfies OutputMode[]));

/** Each key's schema. Settings are read through settingsFromStorage (lib/settings.ts), which also migrates v1. */
export const storageSchemas = {
  settings: storedSettingsSchema,
  sessionApiKey: lazySchema(() => z.string().max(4096)),
  outputModes: lazySchema(() => z.record(z.string(), outputModeSchema)),
  noLogprobs: lazySchema(() => z.record(z.string(), z.literal(true))),
  // Read entry by entry: one entry a newer or damaged build wrote is dropped, the rest stay.
  history: lazySchema(() => z.array(z.unknown()).transform(readHistory)),
  // Each calibration is parsed by calibration-store (calibrationSchema), which also knows the prompt version it needs.
  calibrations: lazySchema(() => z.record(z.string(), z.unknown())),
  // Each entry is parsed by verdict-cache (its entry schema holds the cached verdicts).
  verdictCache: lazySchema(() => z.array(z.unknown())),
} satisfies Record<StorageKeyName, z.ZodType>;

/** The sized image of a tab's check, kept for re-checks: an image data URL and nothing else. */
export const sessionImageSchema = lazySchema(() => z.string().startsWith('data:image/'));

/** Each per-tab key's schema (session storage, `session:<kind>:<tabId>`). */
export const tabSchemas = {
  check: checkJobSchema,
  image: sessionImageSchema,
  pageCheck: pageCheckSchema,
  waiting: waitingCheckSchema,
} satisfies Record<TabKeyKind, z.ZodType>;
