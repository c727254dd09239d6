// The state file of a Batch API run: atomic, refuses what it did not write, never holds a credential.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSameClaims, checkSameRun, readState, recordableUrl, StateFileError, writeState, type BatchState } from '../../../lib/cli/batch-api/state-file';

const dir = mkdtempSync(join(tmpdir(), 'caption-check-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const state: BatchState = {
  kind: 'caption-check/openai-batch',
  version: 1,
  runId: 'r1',
  input: '/data/in.jsonl',
  baseUrl: 'https://api.example/v1',
  model: 'm',
  format: { mode: 'json_schema', logprobs: true },
  window: '24h',
  phase: 'submitted',
  parts: [],
};

describe('state file', () => {
  it('round-trips and leaves no temporary file behind', () => {
    const path = join(dir, 'a.batch.json');
    writeState(path, state);
    expect(readState(path)).toEqual(state);
    expect(readdirSync(dir).filter((n) => n.includes('.tmp'))).toEqual([]);
    expect(readState(join(dir, 'none.json'))).toBeNull();
  });

  it.each([
    ['cut short', '{"kind":"caption-check/openai-batch","ver', /not a readable state file/],
    ['foreign', '{"name":"something else"}', /was not written by caption-check batch --via openai-batch/],
    ['edited', JSON.stringify({ ...state, phase: 'done' }), /another version of caption-check or was edited \(phase/],
  ])('refuses a %s file and leaves it as it is', (_name, text, message) => {
    const path = join(dir, `${_name}.batch.json`);
    writeFileSync(path, text);
    expect(() => readState(path)).toThrow(StateFileError);
    expect(() => readState(path)).toThrow(message);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('names the difference when the state belongs to another run', () => {
    expect(() => checkSameRun(state, { ...state, model: 'other' }, 'x.batch.json')).toThrow(/belongs to another run \(model was m, now other\)/);
    expect(() => checkSameRun(state, state, 'x.batch.json')).not.toThrow();
  });

  it('reads a file written before --keep-all was recorded as a run without it, and refuses the other setting either way', () => {
    const path = join(dir, 'older.batch.json');
    writeFileSync(path, JSON.stringify(state));
    const older = readState(path)!;
    expect(older.keepAll).toBeUndefined();
    expect(() => checkSameClaims(older, false, path)).not.toThrow();
    expect(() => checkSameClaims(older, true, path)).toThrow(/started without --keep-all.*Run it without --keep-all to resume/);
    expect(() => checkSameClaims({ ...state, keepAll: true }, false, path)).toThrow(StateFileError);
    expect(() => checkSameClaims({ ...state, keepAll: true }, true, path)).not.toThrow();
    writeState(path, { ...state, keepAll: true });
    expect(readState(path)).toMatchObject({ keepAll: true });
  });

  it('records a base URL without the credentials it may carry', () => {
    expect(recordableUrl('https://user:sk-secret@api.example/v1/')).toBe('https://api.example/v1');
    expect(existsSync(join(dir, 'a.batch.json'))).toBe(true);
  });
});
