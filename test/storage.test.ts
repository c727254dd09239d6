import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { calibrationsItem, historyItem, loadSettings, loadSettingsForCheck, noLogprobsItem, outputModesItem, readWithSettings, saveSettings, sessionKeyItem } from '@/lib/adapters/storage';
import { DEFAULT_SETTINGS, SETTINGS_VERSION, type Settings } from '@/lib/settings';
import { areaKey, STORAGE_KEYS, tabKey, tabKeyPattern, tabSessionKeys } from '@/lib/storage-keys';
import { storageSchemas } from '@/lib/storage-schema';
import type { CheckJob } from '@/lib/job-record';
import { historyEntryFrom, historyEntrySchema } from '@/lib/history';
import type { OutputMode } from '@/lib/verify/verify';

/** Settings exactly as the build before format v2 wrote them: the bare object, and WXT's meta at version 2. */
const v1: Settings = {
  baseUrl: 'http://localhost:11434/v1',
  apiKey: 'sk-local-123',
  model: 'qwen2.5vl:7b',
  maxImageEdge: 1536,
  splitMode: 'model',
  maxClaims: 40,
  concurrency: 2,
  stream: false,
  timeoutSeconds: 60,
  keyStorage: 'local',
  historyLimit: 0,
  provider: 'endpoint',
  toolbarOpens: 'popup',
  samplesPerClaim: 1,
};

/** The storage module as a newly started worker loads it (its items are defined at load, over what storage holds then). */
async function freshStorageModule(): Promise<typeof import('@/lib/adapters/storage')> {
  vi.resetModules();
  return import('@/lib/adapters/storage');
}

/** Counts writes of the settings key, as the browser reports them. */
function countSettingsWrites(): { count: () => number } {
  let writes = 0;
  fakeBrowser.storage.local.onChanged.addListener((changes) => {
    if ('settings' in changes) writes++;
  });
  return { count: () => writes };
}

describe('settings v1 → v2 → v3', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a v1 object loads with nothing lost, and is written back in the current format once', async () => {
    await fakeBrowser.storage.local.set({ settings: v1, settings$: { v: 2 } });
    const writes = countSettingsWrites();
    await expect(loadSettings()).resolves.toEqual(v1);
    const { settings: stored } = await fakeBrowser.storage.local.get('settings');
    expect(stored).toEqual({ version: SETTINGS_VERSION, ...v1 });
    expect(writes.count()).toBe(1);
    await expect(loadSettings()).resolves.toEqual(v1);
    await expect(loadSettings()).resolves.toEqual(v1);
    expect(writes.count()).toBe(1);
  });

  // Settings carry one version now (the object's own); WXT's item meta, which builds before kept at 2
  // (and the first builds never wrote), is read by nobody: every stored shape still loads, and the meta stays as it was.
  it.each([
    ['WXT meta at 2', { v: 2 }],
    ['WXT meta at 1', { v: 1 }],
    ['no WXT meta (the first builds)', undefined],
  ])('a v1 object with %s loads with nothing lost, written back once as the current format, its meta untouched', async (_name, meta) => {
    await fakeBrowser.storage.local.set(meta ? { settings: v1, settings$: meta } : { settings: v1 });
    const writes = countSettingsWrites();
    // A worker that starts with this in storage: the storage module is loaded after it is there.
    const fresh = await freshStorageModule();
    await expect(fresh.loadSettings()).resolves.toEqual(v1);
    await expect(fresh.loadSettings()).resolves.toEqual(v1);
    const stored = await fakeBrowser.storage.local.get(['settings', 'settings$']);
    expect(stored.settings).toEqual({ version: SETTINGS_VERSION, ...v1 });
    expect(stored.settings$).toEqual(meta);
    expect(writes.count()).toBe(1);
  });

  it('saving writes only the settings object: no second version counter', async () => {
    const changed: string[] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => changed.push(...Object.keys(changes)));
    const fresh = await freshStorageModule();
    await fresh.saveSettings({ ...v1, model: 'llava' });
    await expect(fresh.loadSettings()).resolves.toEqual({ ...v1, model: 'llava' });
    await expect.poll(() => changed).toEqual(['settings']);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(['settings']);
  });

  it('an older v1 object without the later fields gets them explicitly, from the defaults it was read with', async () => {
    const { provider: _p, toolbarOpens: _t, samplesPerClaim: _s, ...older } = v1;
    await fakeBrowser.storage.local.set({ settings: older, settings$: { v: 2 } });
    const expected = { ...older, provider: 'auto', toolbarOpens: 'auto', samplesPerClaim: DEFAULT_SETTINGS.samplesPerClaim };
    await expect(loadSettings()).resolves.toEqual(expected);
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual({ version: SETTINGS_VERSION, ...expected });
  });

  it('a v1 object with a session-only key keeps the key in session storage and out of the settings', async () => {
    await fakeBrowser.storage.local.set({ settings: { ...v1, keyStorage: 'session', apiKey: '' }, settings$: { v: 2 } });
    await fakeBrowser.storage.session.set({ apiKey: 'sk-session' });
    await expect(loadSettings()).resolves.toEqual({ ...v1, keyStorage: 'session', apiKey: 'sk-session' });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({ version: SETTINGS_VERSION, apiKey: '' });
  });

  it('a current object loads unchanged and is not written', async () => {
    const current = { version: SETTINGS_VERSION, ...v1, maxClaims: 7 };
    await fakeBrowser.storage.local.set({ settings: current, settings$: { v: 2 } });
    const writes = countSettingsWrites();
    await expect(loadSettings()).resolves.toEqual({ ...v1, maxClaims: 7 });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual(current);
    expect(writes.count()).toBe(0);
  });

  it('a v2 object at the old default of 5 samples gets the new default (one request per check), written once as v3', async () => {
    await fakeBrowser.storage.local.set({ settings: { version: 2, ...v1, samplesPerClaim: 5 }, settings$: { v: 2 } });
    const writes = countSettingsWrites();
    await expect(loadSettings()).resolves.toEqual({ ...v1, samplesPerClaim: 1 });
    await expect(loadSettings()).resolves.toEqual({ ...v1, samplesPerClaim: 1 });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual({ version: 3, ...v1, samplesPerClaim: 1 });
    expect(writes.count()).toBe(1);
  });

  it('a v2 object with samples the user chose keeps them; so does a v3 object with 5', async () => {
    await fakeBrowser.storage.local.set({ settings: { version: 2, ...v1, samplesPerClaim: 3 }, settings$: { v: 2 } });
    await expect(loadSettings()).resolves.toEqual({ ...v1, samplesPerClaim: 3 });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual({ version: 3, ...v1, samplesPerClaim: 3 });
    await fakeBrowser.storage.local.set({ settings: { version: 3, ...v1, samplesPerClaim: 5 } });
    await expect(loadSettings()).resolves.toEqual({ ...v1, samplesPerClaim: 5 });
  });

  it('nothing stored reads the defaults and writes nothing; a newer version is read but never overwritten', async () => {
    const writes = countSettingsWrites();
    await expect(loadSettings()).resolves.toEqual(DEFAULT_SETTINGS);
    expect(writes.count()).toBe(0);
    const newer = { version: SETTINGS_VERSION + 1, ...v1, somethingNew: true };
    await fakeBrowser.storage.local.set({ settings: newer });
    await expect(loadSettings()).resolves.toEqual(v1);
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual(newer);
  });

  it('a damaged field falls back alone, and the repaired object is stored', async () => {
    await fakeBrowser.storage.local.set({ settings: { version: SETTINGS_VERSION, ...v1, maxClaims: 'many' } });
    await expect(loadSettings()).resolves.toEqual({ ...v1, maxClaims: DEFAULT_SETTINGS.maxClaims });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual({ version: SETTINGS_VERSION, ...v1, maxClaims: DEFAULT_SETTINGS.maxClaims });
  });

  it('saving writes the current format', async () => {
    await saveSettings(v1);
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual({ version: SETTINGS_VERSION, ...v1 });
  });
});

describe('what a check reads before its request, in one call with its settings', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the settings, calibrations, output modes and logprobs answers in one storage call, each taken once by that check', async () => {
    await fakeBrowser.storage.local.set({ settings: { version: SETTINGS_VERSION, ...v1 }, outputModes: { 'a|m': 'json_object' }, noLogprobs: { 'a|m': true } });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const settings = await loadSettingsForCheck();
    expect(settings).toEqual(v1);
    expect(get).toHaveBeenCalledTimes(1);
    await expect(readWithSettings(settings, 'outputModes', outputModesItem)).resolves.toEqual({ 'a|m': 'json_object' });
    await expect(readWithSettings(settings, 'noLogprobs', noLogprobsItem)).resolves.toEqual({ 'a|m': true });
    // Nothing stored reads as the item's fallback, as getValue gives it.
    await expect(readWithSettings(settings, 'calibrations', calibrationsItem)).resolves.toEqual({});
    expect(get).toHaveBeenCalledTimes(1);
    // Taken once: a later read (a re-check by the same verifier) sees what storage holds now.
    await fakeBrowser.storage.local.set({ outputModes: { 'a|m': 'prompt' } });
    await expect(readWithSettings(settings, 'outputModes', outputModesItem)).resolves.toEqual({ 'a|m': 'prompt' });
    expect(get).toHaveBeenCalledTimes(2);
    // Other settings (or none) read storage at once.
    await expect(readWithSettings(await loadSettings(), 'noLogprobs', noLogprobsItem)).resolves.toEqual({ 'a|m': true });
    await expect(readWithSettings(undefined, 'noLogprobs', noLogprobsItem)).resolves.toEqual({ 'a|m': true });
  });

  it('a value read with the settings goes through its schema, and a session-only key still comes from session storage', async () => {
    await fakeBrowser.storage.local.set({ settings: { version: SETTINGS_VERSION, ...v1, keyStorage: 'session', apiKey: '' }, outputModes: { 'a|m': 'no-such-mode' } });
    await fakeBrowser.storage.session.set({ apiKey: 'sk-session' });
    const settings = await loadSettingsForCheck();
    expect(settings).toEqual({ ...v1, keyStorage: 'session', apiKey: 'sk-session' });
    await expect(readWithSettings(settings, 'outputModes', outputModesItem)).resolves.toEqual({});
  });
});

describe('every key declared once, read through its schema', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps every key name users already have', () => {
    expect(STORAGE_KEYS).toEqual({
      settings: 'local:settings',
      sessionApiKey: 'session:apiKey',
      outputModes: 'local:outputModes',
      noLogprobs: 'local:noLogprobs',
      history: 'local:history',
      calibrations: 'local:calibrations',
      verdictCache: 'local:verdictCache',
    });
    expect([tabKey('check', 4), tabKey('image', 4), tabKey('pageCheck', 4)]).toEqual(['session:check:4', 'session:image:4', 'session:pageCheck:4']);
    // A new kind is added beside them (the check waiting for its caption), never renaming one.
    expect(tabKey('waiting', 4)).toBe('session:waiting:4');
    expect(tabSessionKeys(4)).toEqual(['check:4', 'image:4', 'pageCheck:4', 'waiting:4']);
    expect(areaKey('settings')).toBe('settings');
  });

  it.each([
    ['check:12', ['check'], '12'],
    ['pageCheck:3', ['pageCheck'], '3'],
    ['image:3', ['check', 'pageCheck'], null],
    ['check:12x', ['check'], null],
    ['xcheck:1', ['check'], null],
  ] as const)('tabKeyPattern: %s against %j', (key, kinds, tabId) => {
    expect(tabKeyPattern(kinds).exec(key)?.[1] ?? null).toBe(tabId);
  });

  it('a value that does not pass its schema reads as the fallback', async () => {
    await fakeBrowser.storage.local.set({ outputModes: { 'a|m': 'json_schema', 'b|m': 'telepathy' }, noLogprobs: 'yes' });
    await fakeBrowser.storage.session.set({ apiKey: 42 });
    await expect(outputModesItem.getValue()).resolves.toEqual({});
    await expect(noLogprobsItem.getValue()).resolves.toEqual({});
    await expect(sessionKeyItem.getValue()).resolves.toBe('');
    await fakeBrowser.storage.local.set({ outputModes: { 'a|m': 'json_schema' } });
    await expect(outputModesItem.getValue()).resolves.toEqual({ 'a|m': 'json_schema' });
  });

  it('history is read entry by entry: one bad entry does not lose the rest', async () => {
    const job: CheckJob = {
      id: 'j1', tabId: 1, pageUrl: 'https://news.example/story', imageUrl: 'https://news.example/a.jpg', status: 'done', phase: 'finished',
      caption: 'Two cats on a sofa.', claims: [], setAside: [], notes: [], model: 'm', imagePath: 'fetch', imageBytes: 100,
      startedAt: 0, finishedAt: 10, usage: null, error: null,
    };
    const good = historyEntryFrom(job, 5);
    await fakeBrowser.storage.local.set({ history: [{ id: 'broken' }, good, 'nonsense'] });
    await expect(historyItem.getValue()).resolves.toEqual([historyEntrySchema.parse(good)]);
    await fakeBrowser.storage.local.set({ history: 'not a list' });
    await expect(historyItem.getValue()).resolves.toEqual([]);
  });

  it('types: the output-mode schema names exactly the verifier’s modes', () => {
    expectTypeOf<z.infer<typeof storageSchemas.outputModes>[string]>().toEqualTypeOf<OutputMode>();
  });
});
