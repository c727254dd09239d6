// What the service worker checks at start without loading the engine: only storage reads.
import { startUpSettings, storedTabData } from './storage-area';

/** The stored checks and page checks, by key ('check:12', 'pageCheck:12'). */
export function storedChecks(): Promise<Record<string, unknown>> {
  return storedTabData(['check', 'pageCheck']);
}

/**
 * Whether any check or page check is stored as running. A worker that has just started runs none
 * itself, so such a check was left by a stopped instance and the engine's sweep must end it.
 */
export async function checksLeftRunning(): Promise<boolean> {
  return Object.values(await storedChecks()).some(
    (value) => typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'running',
  );
}

/** The saved endpoint's base URL as stored, without parsing the settings ('' when none). */
export async function savedBaseUrl(): Promise<string> {
  return (await startUpSettings()).baseUrl;
}
