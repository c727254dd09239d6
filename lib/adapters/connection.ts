// Test connection in the worker: lib/verify/connection-test.ts with the test picture drawn on a canvas,
// storage.local's output modes, and failures explained by probing what the browser hides.
import { CheckError } from '../errors';
import type { ConnectionReport } from '../messages';
import type { Settings } from '../settings';
import { toCheckError } from '../verify/client';
import { testConnection as testWith } from '../verify/connection-test';
import { explainEndpointFailure, hasEndpointAccess } from './endpoint-failure';
import { kept, outputModesItem } from './storage';
import { redSquareImage } from './thumbnail';

export { listModels } from '../verify/connection-test';

/** A failure of the test as a CheckError that names its real cause (probing the address when the browser hid it). */
async function explained(raw: unknown, endpoint: { baseUrl: string; model: string }): Promise<CheckError> {
  const granted = await hasEndpointAccess(endpoint.baseUrl);
  const error = await explainEndpointFailure(toCheckError(raw, endpoint.model, endpoint.baseUrl), endpoint.baseUrl, { granted, fetch: (...a) => fetch(...a) });
  return error instanceof CheckError ? error : toCheckError(error, endpoint.model, endpoint.baseUrl);
}

/** Lists the models, then checks a red square with one claim; the report says what worked and what to fix. */
export function testConnection(settings: Settings, now: () => number = Date.now): Promise<ConnectionReport> {
  return testWith(
    settings,
    {
      outputModes: kept(outputModesItem),
      testImage: () => redSquareImage(),
      explain: explained,
    },
    now,
  );
}
