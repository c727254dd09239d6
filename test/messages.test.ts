import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createSend,
  isFailure,
  parseReply,
  type ConnectionReport,
  type FailureReply,
  type Message,
  type Reply,
  type Setup,
} from '@/lib/messages';
import type { PageCheck as StoredPageCheck } from '@/lib/page-check-state';
import { handleMessage } from '@/lib/adapters/router';

const setup: Setup = { configured: true, baseUrl: 'http://127.0.0.1:1/v1', model: 'm' };

describe('parseReply: each request type has its own reply', () => {
  it.each<[string, Message['type'], unknown, unknown]>([
    ['setup data', 'getSetup', { ok: true, data: setup }, { ok: true, data: setup }],
    ['a model list', 'listModels', { ok: true, data: ['a', 'b'] }, { ok: true, data: ['a', 'b'] }],
    ['an ack', 'pickImage', { ok: true }, { ok: true }],
    ['nothing to cancel', 'cancelCheck', { ok: false }, { ok: false }],
    ['a failure keeps its kind', 'rerunCheck', { ok: false, error: 'Set a key.', kind: 'auth' }, { ok: false, error: 'Set a key.', kind: 'auth' }],
    ['a failure of an outcome request is still a failure', 'cancelCheck', { ok: false, error: 'x', kind: 'page' }, { ok: false, error: 'x', kind: 'page' }],
    ['setup data of the wrong shape', 'getSetup', { ok: true, data: { configured: 'yes' } }, null],
    ['a model list that is not one', 'listModels', { ok: true, data: [1] }, null],
    ['an ack where data was due', 'getSetup', { ok: true }, null],
    ['an unknown error kind', 'pickImage', { ok: false, error: 'x', kind: 'gremlins' }, null],
    ['nothing at all', 'pickImage', undefined, null],
  ])('%s', (_name, type, raw, expected) => {
    expect(parseReply(type, raw)).toEqual(expected);
  });
});

describe('createSend', () => {
  it('resolves with the reply of the request type, checked', async () => {
    const sent: Message[] = [];
    const send = createSend(async (message) => {
      sent.push(message);
      return { ok: true, data: setup };
    }, 'No answer.');
    await expect(send({ type: 'getSetup' })).resolves.toEqual({ ok: true, data: setup });
    expect(sent).toEqual([{ type: 'getSetup' }]);
  });

  it.each([
    ['the transport throws', async () => Promise.reject(new Error('Could not establish connection.'))],
    ['the reply is not the type’s', async () => ({ ok: true, data: 'not a list' })],
    ['there is no reply', async () => undefined],
  ])('a no-answer failure with the page’s sentence when %s', async (_name, transport) => {
    const send = createSend(transport, 'The extension did not answer.');
    await expect(send({ type: 'listModels' })).resolves.toEqual({ ok: false, error: 'The extension did not answer.', kind: 'no-answer' });
  });

  it('isFailure tells a refusal from "nothing to do"', () => {
    expect(isFailure({ ok: false })).toBe(false);
    expect(isFailure({ ok: true })).toBe(false);
    expect(isFailure({ ok: false, error: 'x', kind: 'no-answer' })).toBe(true);
  });
});

describe('across the wire: the router and the typed send', () => {
  beforeEach(() => fakeBrowser.reset());
  const ownPage = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') });
  const sendToRouter = () => createSend(async (message) => handleMessage(structuredClone(message), ownPage()), 'No answer.');

  it('a CheckError thrown in the worker arrives with its own kind', async () => {
    // No page script can be injected here, so listing the page fails the way a browser page does: kind "page".
    const answer = await sendToRouter()({ type: 'checkPage', tabId: 5 });
    expect(answer).toMatchObject({ ok: false, kind: 'page' });
    expect(isFailure(answer) && answer.error).toMatch(/cannot read this page/);
  });

  it('a request the tab is not ready for is refused as wrong-state with what to do', async () => {
    await expect(sendToRouter()({ type: 'rerunCheck', tabId: 5 })).resolves.toEqual({
      ok: false,
      error: 'There is no earlier check on this tab to run again.',
      kind: 'wrong-state',
    });
  });

  it('a malformed message is refused as bad-message; one from a web page is not answered', async () => {
    await expect(handleMessage({ type: 'cancelCheck', tabId: 'all' }, ownPage())).resolves.toEqual({ ok: false, error: 'Unknown message.', kind: 'bad-message' });
    expect(handleMessage({ type: 'getSetup' }, { id: fakeBrowser.runtime.id, url: 'https://example.com/' })).toBeUndefined();
  });

  it('getSetup answers setup data that passes its reply schema', async () => {
    await expect(sendToRouter()({ type: 'getSetup' })).resolves.toEqual({ ok: true, data: { configured: expect.any(Boolean), baseUrl: '', model: '' } });
  });
});

describe('types: the reply follows the request', () => {
  const send = createSend(async () => undefined, '');

  it('send() returns each request type’s own reply', () => {
    expectTypeOf(send({ type: 'getSetup' })).resolves.toEqualTypeOf<{ ok: true; data: Setup } | FailureReply>();
    expectTypeOf(send({ type: 'listModels' })).resolves.toEqualTypeOf<{ ok: true; data: string[] } | FailureReply>();
    expectTypeOf(send({ type: 'testConnection' })).resolves.toEqualTypeOf<{ ok: true; data: ConnectionReport } | FailureReply>();
    expectTypeOf(send({ type: 'checkPage', tabId: 1 })).resolves.toEqualTypeOf<{ ok: true; data: StoredPageCheck } | FailureReply>();
    expectTypeOf(send({ type: 'cancelCheck', tabId: 1 })).resolves.toEqualTypeOf<{ ok: boolean } | FailureReply>();
    expectTypeOf<Reply<'pickImage'>>().toEqualTypeOf<{ ok: true } | FailureReply>();
  });

  it('a wrong reply type, field or request does not compile', async () => {
    const answer = await send({ type: 'getSetup' });
    if (!isFailure(answer)) {
      // @ts-expect-error a Setup is not a model list
      const models: string[] = answer.data;
      void models;
    }
    const listed = await send({ type: 'listModels' });
    if (!isFailure(listed)) {
      // @ts-expect-error a model list is not a Setup
      const wrong: Setup = listed.data;
      void wrong;
    }
    const picked = await send({ type: 'pickImage', tabId: 1 });
    // @ts-expect-error an ack carries no data
    void picked.data;
    // @ts-expect-error a failure's error must be read after narrowing
    void listed.error;
    // @ts-expect-error cancelCheck needs its tabId
    void send({ type: 'cancelCheck' });
    // @ts-expect-error no such request type
    void send({ type: 'deleteEverything' });
    // A handler that answers the wrong data for its type does not compile either.
    // @ts-expect-error getSetup's reply carries Setup, not a list
    const handler: () => Reply<'getSetup'> = () => ({ ok: true, data: ['gpt'] });
    void handler;
  });
});
