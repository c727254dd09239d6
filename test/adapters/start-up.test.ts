import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checksLeftRunning, savedBaseUrl, storedChecks } from '@/lib/adapters/start-up';

describe('start-up checks without the engine', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('finds a check or a page check stored as running, and nothing else', async () => {
    await expect(checksLeftRunning()).resolves.toBe(false);
    await fakeBrowser.storage.session.set({ 'check:3': { status: 'done' }, 'pageCheck:4': { status: 'error' }, other: { status: 'running' } });
    await expect(checksLeftRunning()).resolves.toBe(false);
    await fakeBrowser.storage.session.set({ 'check:7': { status: 'running' } });
    await expect(checksLeftRunning()).resolves.toBe(true);
    await fakeBrowser.storage.session.set({ 'check:7': { status: 'done' }, 'pageCheck:9': { status: 'running' } });
    await expect(checksLeftRunning()).resolves.toBe(true);
  });

  it('reads only the checks and page checks, by key where the browser can list keys', async () => {
    await fakeBrowser.storage.session.set({ 'check:1': { status: 'done' }, 'pageCheck:2': { status: 'running' }, 'image:1': 'data:…', apiKey: 'sk' });
    const expected = { 'check:1': { status: 'done' }, 'pageCheck:2': { status: 'running' } };
    const session = fakeBrowser.storage.session as unknown as { getKeys?: () => Promise<string[]>; get: (keys: unknown) => Promise<object> };
    const hadGetKeys = 'getKeys' in session;
    await expect(storedChecks()).resolves.toEqual(expected);
    // With getKeys (Chrome 130+), only the matching keys are read.
    const asked: unknown[] = [];
    const get = session.get.bind(session);
    session.getKeys = async () => Object.keys(await get(null));
    session.get = (keys: unknown) => {
      asked.push(keys);
      return get(keys);
    };
    try {
      await expect(storedChecks()).resolves.toEqual(expected);
      expect(asked).toEqual([['check:1', 'pageCheck:2']]);
    } finally {
      session.get = get;
      if (!hadGetKeys) delete session.getKeys;
    }
  });

  it('reads the saved base URL as stored, or an empty one', async () => {
    await expect(savedBaseUrl()).resolves.toBe('');
    await fakeBrowser.storage.local.set({ settings: { baseUrl: 42 } });
    await expect(savedBaseUrl()).resolves.toBe('');
    await fakeBrowser.storage.local.set({ settings: { version: 2, baseUrl: 'http://localhost:11434/v1', model: 'llava' } });
    await expect(savedBaseUrl()).resolves.toBe('http://localhost:11434/v1');
  });
});
