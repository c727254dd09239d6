// Chrome's on-device model for the browser tests: this Chromium has none, so the spec-following stub
// (test/verify/prompt-api-stub.ts) is installed as `LanguageModel` in the extension's service worker.
import type { Worker } from 'playwright-core';
import { createPromptApiStub, type PromptApiStubConfig, type PromptApiStubControl } from '../verify/prompt-api-stub';

/** The stub's own source, run in the given context: nothing from this process exists there. */
export function stubSource(config: Partial<PromptApiStubConfig>): string {
  return `(${createPromptApiStub.toString()})(${JSON.stringify({ ...config, install: true })}); undefined;`;
}

export async function installStub(worker: Worker, config: Partial<PromptApiStubConfig>): Promise<void> {
  await worker.evaluate(stubSource(config));
}

export async function stubLog(worker: Worker): Promise<PromptApiStubControl['log']> {
  return worker.evaluate(() => (globalThis as unknown as { __promptApiStub: PromptApiStubControl }).__promptApiStub.log);
}
