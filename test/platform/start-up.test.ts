import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checksLeftRunning, savedBaseUrl } from '@/lib/platform/start-up';

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

  it('reads the saved base URL as stored, or an empty one', async () => {
    await expect(savedBaseUrl()).resolves.toBe('');
    await fakeBrowser.storage.local.set({ settings: { baseUrl: 42 } });
    await expect(savedBaseUrl()).resolves.toBe('');
    await fakeBrowser.storage.local.set({ settings: { version: 2, baseUrl: 'http://localhost:11434/v1', model: 'llava' } });
    await expect(savedBaseUrl()).resolves.toBe('http://localhost:11434/v1');
  });
});
