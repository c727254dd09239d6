// Options → Test connection, and the model list: what an endpoint answers, step by step. Browser-free:
// the worker (lib/adapters/connection.ts) gives it the test picture, the remembered output modes, and
// how a failure is explained where the browser hides its cause.
import { t, type MessageKey } from '../i18n';
import type { CheckError, CheckErrorKind } from '../errors';
import type { ConnectionReport } from '../messages';
import { configuredEndpoint, type Settings } from '../settings';
import { createClient } from './client';
import type { Kept } from './model-choice';
import { verifyClaims, type OutputMode } from './verify';

/** What a connection test needs from where it runs. */
export interface ConnectionTestDeps {
  /** Output mode that worked last, per `baseUrl|model`: the test records the one it settled on. */
  outputModes: Kept<Record<string, OutputMode>>;
  /** A picture of a red square, as a data URL. */
  testImage(): Promise<string>;
  /** A failure of the test as a CheckError that names its real cause. */
  explain(raw: unknown, endpoint: { baseUrl: string; model: string }): Promise<CheckError>;
}

const TEST_CLAIM = 'There is a red square in the image.';
const MODE_TEXT: Record<OutputMode, MessageKey> = {
  json_schema: 'connModeSchema',
  json_object: 'connModeJson',
  prompt: 'connModePrompt',
};

type Step = ConnectionReport['steps'][number];

/** Failures where the endpoint gave no usable answer at all: the "reached" step failed. */
const NOT_REACHED: ReadonlySet<CheckErrorKind> = new Set(['network', 'timeout', 'unreachable', 'host-not-found', 'tls', 'blocked']);

/** The step a failure of the test check belongs to (the steps before it passed; the ones after were not tested). */
function failedStep(kind: CheckErrorKind): Step['id'] {
  if (NOT_REACHED.has(kind) || kind === 'endpoint-not-found') return 'reached';
  if (kind === 'auth' || kind === 'origin-refused') return 'key';
  if (kind === 'no-image-input') return 'image';
  if (kind === 'bad-output' || kind === 'refused') return 'structured';
  // An unknown model, a rate limit, a server error, a request the model refused to take: the model step.
  return 'model';
}
const STEPS = ['reached', 'key', 'model', 'image', 'structured'] as const;

/**
 * Test connection: lists the models (reached? key accepted?), then sends one real check of a generated
 * red square with one claim (image input? which output mode the ladder settles on?). The key never
 * leaves the worker; the report says what worked and what to fix.
 */
export async function testConnection(settings: Settings, deps: ConnectionTestDeps, now: () => number = Date.now): Promise<ConnectionReport> {
  const started = now();
  const endpoint = configuredEndpoint(settings);
  const steps: Step[] = [];
  const done = (error: string | null, outputMode: OutputMode | null = null): ConnectionReport => {
    for (const id of STEPS) if (!steps.some((s) => s.id === id)) steps.push({ id, ok: null, detail: t('connNotTested') });
    steps.sort((a, b) => STEPS.indexOf(a.id) - STEPS.indexOf(b.id));
    return { ok: error === null, steps, outputMode, elapsedMs: now() - started, error };
  };
  if (!endpoint) return done(t('connNoEndpoint'));
  // Retried as a check retries (a one-off 429 or 500 is not the endpoint's answer); only the timeout is shorter.
  const client = createClient(endpoint, { timeoutMs: Math.min(settings.timeoutSeconds, 60) * 1000 });

  // GET /models: proves the server answers and (where it checks keys there) that the key is accepted.
  try {
    await client.models.list();
    steps.push({ id: 'reached', ok: true, detail: t('connAnswered', endpoint.baseUrl) });
  } catch (raw) {
    const error = await deps.explain(raw, endpoint);
    if (NOT_REACHED.has(error.kind)) {
      steps.push({ id: 'reached', ok: false, detail: error.message });
      return done(error.message);
    }
    steps.push({ id: 'reached', ok: true, detail: t('connAnswered', endpoint.baseUrl) });
    if (error.kind === 'auth' || error.kind === 'origin-refused') {
      steps.push({ id: 'key', ok: false, detail: error.message });
      return done(error.message);
    }
    // Some servers have no /models (404): not a failure, the real check below decides.
  }

  let mode: OutputMode | null = null;
  try {
    const result = await verifyClaims({
      client,
      model: endpoint.model,
      claims: [TEST_CLAIM],
      imageDataUrl: await deps.testImage(),
      stream: false,
      onOutputMode: (m) => (mode = m),
    });
    mode = result.outputMode;
    steps.push({ id: 'key', ok: true, detail: t('connKey') }, { id: 'model', ok: true, detail: t('connModelAnswered', endpoint.model) });
    const verdict = result.verdicts[0];
    steps.push({
      id: 'image',
      ok: true,
      detail: verdict
        ? t(verdict.label ? 'connImageSupported' : 'connImageNotSupported', TEST_CLAIM)
        : t('connImage'),
    });
    steps.push({ id: 'structured', ok: verdict !== null, detail: verdict ? t(MODE_TEXT[result.outputMode]) : t('connNoVerdict') });
    const all = await deps.outputModes.get();
    await deps.outputModes.set({ ...all, [`${endpoint.baseUrl}|${endpoint.model}`]: result.outputMode });
    return done(verdict ? null : t('connUnreadable'), result.outputMode);
  } catch (raw) {
    const error = await deps.explain(raw, endpoint);
    // The ✗ goes on the step that failed. The steps before it passed only where the answer proves it: an
    // unknown model is named after the key was taken; a rate limit or a server error proves nothing of the key.
    const failed = failedStep(error.kind);
    const keyProven = error.kind === 'model-not-found' || STEPS.indexOf(failed) > STEPS.indexOf('model');
    const at = steps.findIndex((s) => s.id === failed);
    if (at >= 0) steps.splice(at, 1);
    steps.push({ id: failed, ok: false, detail: error.message });
    if (keyProven) steps.push({ id: 'key', ok: true, detail: t('connKey') });
    if (STEPS.indexOf(failed) > STEPS.indexOf('model')) steps.push({ id: 'model', ok: true, detail: t('connModelAnswered', endpoint.model) });
    if (failed === 'structured') steps.push({ id: 'image', ok: true, detail: t('connImage') });
    return done(error.message, mode);
  }
}

/** The model ids an endpoint lists (GET /models), sorted; empty when it lists none or cannot be reached. */
export async function listModels(baseUrl: string, apiKey: string): Promise<string[]> {
  try {
    const client = createClient({ baseUrl, apiKey, model: '' }, { timeoutMs: 8_000, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      ids.push(model.id);
      if (ids.length >= 500) break;
    }
    return ids.sort((a, b) => a.localeCompare(b));
  } catch {
    return [];
  }
}
