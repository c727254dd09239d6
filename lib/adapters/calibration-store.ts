// Imported calibrations, one per model, kept in the extension's local storage and validated on read.
import { t } from '../i18n';
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { calibrationSchema, type Calibration } from '../calibrate/calibration';
import { PROMPT_VERSION } from '../verify/prompt';

const storedSchema = lazySchema(() => z.record(z.string(), z.unknown()));

import { calibrationsItem, readWithSettings } from './storage';
import type { Settings } from '../settings';

export { calibrationsItem };

/** Every stored calibration that still parses, by model. */
export function loadCalibrations(): Promise<Record<string, Calibration>> {
  return calibrationsIn(calibrationsItem.getValue());
}

async function calibrationsIn(stored: Promise<unknown>): Promise<Record<string, Calibration>> {
  const raw = storedSchema.safeParse(await stored);
  if (!raw.success) return {};
  return Object.fromEntries(
    Object.entries(raw.data).flatMap(([model, value]) => {
      const parsed = calibrationSchema.safeParse(value);
      return parsed.success ? [[model, parsed.data] as const] : [];
    }),
  );
}

/**
 * The calibration a check by `model` uses: the imported one for that model and this prompt version, of
 * either score kind (the check then judges its verdicts only if they were scored the same way); null
 * otherwise, and then no verdict claims a guarantee.
 */
export async function calibrationFor(model: string, readWith?: Settings): Promise<Calibration | null> {
  // Read with the check's settings where it was (lib/adapters/storage.ts, readWithSettings), else now.
  const found = (await calibrationsIn(readWithSettings(readWith, 'calibrations', calibrationsItem)))[model];
  return found && found.prompt_version === PROMPT_VERSION ? found : null;
}

/** Reads an imported file's text: the calibration, or a sentence saying what is wrong with it. */
export function parseCalibrationFile(text: string): Calibration | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return t('calibrationNotJson');
  }
  const parsed = calibrationSchema.safeParse(json);
  if (!parsed.success) return t('calibrationNotCalibration');
  if (parsed.data.prompt_version !== PROMPT_VERSION)
    return t('calibrationOtherPrompt', parsed.data.prompt_version, PROMPT_VERSION);
  return parsed.data;
}

/** Stores a calibration under its model, replacing an older one. */
export async function saveCalibration(calibration: Calibration): Promise<void> {
  await calibrationsItem.setValue({ ...(await calibrationsItem.getValue()), [calibration.model]: calibration });
}

/** Removes the calibration of a model. */
export async function removeCalibration(model: string): Promise<void> {
  const { [model]: _removed, ...rest } = await calibrationsItem.getValue();
  await calibrationsItem.setValue(rest);
}
