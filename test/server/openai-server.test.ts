// The stand-in model server itself: CORS, validation, JSON and SSE as the real SDK reads them, failure modes.
import { AuthenticationError, InternalServerError, RateLimitError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUserPrompt, SYSTEM_PROMPT } from '../../lib/verify/prompt';
import { parseVerdicts } from '../../lib/verify/parse';
import { chatRequests, clientFor, failOnUnhandledRejection, imageDataUrl, useModelServer } from './fixtures';
import { DEFAULT_REASONING, EXTRA_VERDICT, OUTPUT_SHAPES, REFUSAL_TEXT, startModelServer, type OutputShape } from './openai-server';

failOnUnhandledRejection();
const ctx = useModelServer();
let image = '';
beforeEach(async () => {
  ctx.server.reset();
  image ||= await imageDataUrl(64, 48);
});

const CLAIMS = ['A cat sits on a mat.', 'There are two dogs.', 'The sky is blue.'];

/** A verification request exactly as a client of the seed prompt sends it. */
function verifyBody(claims: string[] = CLAIMS, extra: Record<string, unknown> = {}) {
  return {
    model: 'test-vlm',
    temperature: 0,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: [{ type: 'text', text: buildUserPrompt(claims) }, { type: 'image_url', image_url: { url: image } }] },
    ],
    ...extra,
  };
}

/** The same request, typed for the SDK. */
function params(extra: Partial<ChatCompletionCreateParamsNonStreaming> = {}): ChatCompletionCreateParamsNonStreaming {
  return {
    model: 'test-vlm',
    temperature: 0,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: [{ type: 'text', text: buildUserPrompt(CLAIMS) }, { type: 'image_url', image_url: { url: image } }] },
    ],
    ...extra,
  };
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${ctx.server.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer x', ...headers },
    body: JSON.stringify(body),
  });
}

describe('CORS', () => {
  it('answers the preflight the SDK causes in an extension, echoing the asked headers', async () => {
    const asked = 'authorization,content-type,x-stainless-arch,x-stainless-lang,x-stainless-retry-count,x-stainless-timeout';
    const res = await fetch(`${ctx.server.baseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'chrome-extension://abcdefghijklmnop', 'access-control-request-method': 'POST', 'access-control-request-headers': asked },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe(asked);
    expect(res.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(ctx.server.requests.map((r) => r.method)).toEqual(['OPTIONS']);
  });

  it('allows any origin on answers, streamed ones included', async () => {
    const json = await post(verifyBody(), { origin: 'moz-extension://1234' });
    const sse = await post(verifyBody(CLAIMS, { stream: true }));
    expect(json.headers.get('access-control-allow-origin')).toBe('moz-extension://1234');
    expect(sse.headers.get('access-control-allow-origin')).toBe('*');
    await sse.text();
  });

  it.each(['chrome-extension://abc', 'moz-extension://0f1e'])('rejects %s like Ollama without OLLAMA_ORIGINS: 403, empty body, no CORS headers', async (origin) => {
    ctx.server.set({ rejectExtensionOrigins: true });
    const preflight = await fetch(`${ctx.server.baseUrl}/chat/completions`, { method: 'OPTIONS', headers: { origin } });
    const res = await post(verifyBody(), { origin });
    expect([preflight.status, res.status]).toEqual([403, 403]);
    expect(await res.text()).toBe('');
    expect([preflight.headers.get('access-control-allow-origin'), res.headers.get('access-control-allow-origin')]).toEqual([null, null]);
    const allowed = await post(verifyBody(), { origin: 'http://localhost:3000' });
    expect(allowed.status).toBe(200);
  });
});

describe('an unresponsive server', () => {
  it('takes the request and never answers, until the client leaves', async () => {
    ctx.server.set({ unresponsive: true });
    const gaveUp = await fetch(`${ctx.server.baseUrl}/models`, { signal: AbortSignal.timeout(200) }).then(
      () => 'answered',
      (e: unknown) => (e as Error).name,
    );
    expect(gaveUp).toBe('TimeoutError');
    await expect.poll(() => ctx.server.requests[0]?.endedAt ?? null).not.toBeNull();
    expect(ctx.server.requests[0]?.status).toBeNull();
  });
});

describe('models and auth', () => {
  it('lists the configured models in the OpenAI list shape', async () => {
    ctx.server.set({ models: ['a-vlm', 'b-vlm'] });
    const page = await clientFor(ctx.server).models.list();
    expect(page.data.map((m) => [m.id, m.object])).toEqual([
      ['a-vlm', 'model'],
      ['b-vlm', 'model'],
    ]);
  });

  it('answers 401 with an OpenAI error body to any other key', async () => {
    ctx.server.set({ apiKey: 'right' });
    await expect(clientFor(ctx.server, { apiKey: 'wrong' }).models.list()).rejects.toBeInstanceOf(AuthenticationError);
    const ok = await clientFor(ctx.server, { apiKey: 'right' }).models.list();
    expect(ok.data).toHaveLength(1);
    const res = await post(verifyBody());
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_api_key', type: 'invalid_request_error' } });
  });

  it('answers 404 model_not_found for a model it does not serve', async () => {
    const res = await post({ ...verifyBody(), model: 'gpt-unknown' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'model_not_found' } });
  });
});

describe('validation of verification requests', () => {
  it('records a correct request with no problems, its claims and its image', async () => {
    const res = await post(verifyBody());
    expect(res.status).toBe(200);
    const [recorded] = chatRequests(ctx.server);
    expect(recorded).toMatchObject({ problems: [], claims: CLAIMS, status: 200, image: { mimeType: 'image/jpeg', width: 64, height: 48 } });
    expect(recorded!.image!.byteLength).toBe(Buffer.from(image.split(',')[1]!, 'base64').byteLength);
    expect(recorded!.endedAt).toBeGreaterThanOrEqual(recorded!.at);
  });

  const broken: [string, (body: ReturnType<typeof verifyBody>) => unknown, RegExp][] = [
    ['a changed system prompt', (b) => ({ ...b, messages: [{ role: 'system', content: SYSTEM_PROMPT + ' ' }, b.messages[1]] }), /system message/],
    ['temperature 0.7', (b) => ({ ...b, temperature: 0.7 }), /temperature/],
    ['no temperature', ({ temperature: _, ...b }) => b, /temperature/],
    ['two images', (b) => ({ ...b, messages: [b.messages[0], { role: 'user', content: [...(b.messages[1]!.content as unknown[]), { type: 'image_url', image_url: { url: image } }] }] }), /image parts/],
    ['an https image', (b) => withImage(b, 'https://example.com/cat.jpg'), /data:image/],
    ['bytes that are no image', (b) => withImage(b, `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`), /does not decode/],
    ['a mislabelled image', (b) => withImage(b, image.replace('image/jpeg', 'image/png')), /bytes are jpeg/],
    ['an edited user text', (b) => withText(b, buildUserPrompt(CLAIMS).replace('For each claim', 'For every claim')), /User part/],
    ['a user text without numbered claims', (b) => withText(b, 'Check this image.'), /numbered claim/],
    ['an extra message', (b) => ({ ...b, messages: [...b.messages, { role: 'assistant', content: 'ok' }] }), /exactly \[system, user\]/],
    ['a non-strict json_schema', (b) => ({ ...b, response_format: { type: 'json_schema', json_schema: { name: 'x', schema: {} } } }), /strict/],
  ];

  it.each(broken)('flags %s, and answers 400 when strict', async (_name, edit, problem) => {
    const strict = await post(edit(verifyBody()));
    expect(strict.status).toBe(400);
    ctx.server.set({ strict: false });
    const lenient = await post(edit(verifyBody()));
    expect(lenient.status).toBe(200);
    const [first, second] = chatRequests(ctx.server);
    expect(first!.problems.join('\n')).toMatch(problem);
    expect(second!.problems).toEqual(first!.problems);
  });

  it('routes text-only requests to onTextRequest; by default it splits the caption into sentences', async () => {
    const client = clientFor(ctx.server);
    const ask = async () =>
      (await client.chat.completions.create({ model: 'test-vlm', messages: [{ role: 'user', content: 'Split into claims.\nCaption: "A cat sleeps. Two dogs play!"' }] })).choices[0]!
        .message.content;
    expect(JSON.parse((await ask())!)).toEqual({ claims: [{ text: 'A cat sleeps.', sentence: 0 }, { text: 'Two dogs play!', sentence: 1 }] });
    ctx.server.set({ onTextRequest: () => 'custom' });
    expect(await ask()).toBe('custom');
    expect(chatRequests(ctx.server).map((r) => [r.claims, r.image, r.problems])).toEqual([
      [[], null, []],
      [[], null, []],
    ]);
  });
});

function withImage(body: ReturnType<typeof verifyBody>, url: string) {
  return { ...body, messages: [body.messages[0], { role: 'user', content: [body.messages[1]!.content[0], { type: 'image_url', image_url: { url } }] }] };
}
function withText(body: ReturnType<typeof verifyBody>, text: string) {
  return { ...body, messages: [body.messages[0], { role: 'user', content: [{ type: 'text', text }, body.messages[1]!.content[1]] }] };
}

describe('answers', () => {
  const falseWhen = [{ match: /dogs/, error_type: ['Quantitative'], reasoning: 'There is one dog.' }];
  const expected = [
    { reasoning: DEFAULT_REASONING, label: true, error_type: [] },
    { reasoning: 'There is one dog.', label: false, error_type: ['Quantitative'] },
    { reasoning: DEFAULT_REASONING, label: true, error_type: [] },
  ];

  it('answers each response_format in its shape: an object for json modes, a bare array in prose otherwise', async () => {
    ctx.server.set({ falseWhen });
    const client = clientFor(ctx.server);
    const content = async (format?: ChatCompletionCreateParamsNonStreaming['response_format']) =>
      (await client.chat.completions.create(params(format ? { response_format: format } : {}))).choices[0]!.message.content!;
    const schema = { type: 'json_schema' as const, json_schema: { name: 'v', strict: true, schema: { type: 'object' } } };
    expect(JSON.parse(await content(schema))).toEqual({ verdicts: expected });
    expect(JSON.parse(await content({ type: 'json_object' }))).toEqual({ verdicts: expected });
    const prose = await content();
    expect(prose).toMatch(/^[A-Z][^[{]*\n\[/);
    expect(JSON.parse(prose.slice(prose.indexOf('[')))).toEqual(expected);
  });

  it.each(OUTPUT_SHAPES.filter((s) => !['empty', 'refusal', 'length', 'short', 'long'].includes(s)))(
    'writes the %s shape so that a tolerant parser still reads every verdict',
    async (output) => {
      ctx.server.set({ falseWhen, output });
      const res = await (await post(verifyBody())).json();
      expect(parseVerdicts(res.choices[0].message.content).verdicts).toEqual(expected);
    },
  );

  it.each<[OutputShape, unknown]>([
    ['short', expected.slice(0, 2)],
    ['long', [...expected, EXTRA_VERDICT]],
    ['length', expected.slice(0, 2)],
  ])('writes the %s shape', async (output, verdicts) => {
    ctx.server.set({ falseWhen, output });
    const res = await (await post(verifyBody(CLAIMS, { response_format: { type: 'json_object' } }))).json();
    expect(res.choices[0].finish_reason).toBe(output === 'length' ? 'length' : 'stop');
    expect(parseVerdicts(res.choices[0].message.content).verdicts.filter(Boolean)).toEqual(verdicts);
  });

  it('writes python literals, string labels and loose error types as weak models do', async () => {
    ctx.server.set({ falseWhen, output: 'python' });
    const python = (await (await post(verifyBody())).json()).choices[0].message.content;
    expect(python).toContain("'label': False, ");
    expect(python).toMatch(/, \]$/);
    ctx.server.set({ output: 'strings' });
    const strings = (await (await post(verifyBody())).json()).choices[0].message.content;
    expect(strings).toContain('"label":"false","error_type":["quantity"]');
  });

  it('answers a refusal with content null, and an empty answer with content ""', async () => {
    ctx.server.set({ output: 'refusal' });
    const refused = (await (await post(verifyBody())).json()).choices[0].message;
    expect(refused).toMatchObject({ content: null, refusal: REFUSAL_TEXT });
    ctx.server.set({ output: 'empty' });
    expect((await (await post(verifyBody())).json()).choices[0].message.content).toBe('');
  });

  it('scripts verdicts per claim and index', async () => {
    ctx.server.set({ verdict: (claim, index) => ({ reasoning: `${index}:${claim}`, label: index % 2 === 0, error_type: index % 2 ? ['Object'] : [] }) });
    const res = await (await post(verifyBody(CLAIMS, { response_format: { type: 'json_object' } }))).json();
    expect(JSON.parse(res.choices[0].message.content).verdicts.map((v: { reasoning: string }) => v.reasoning)).toEqual(CLAIMS.map((c, i) => `${i}:${c}`));
  });
});

describe('streaming', () => {
  it('frames SSE exactly as OpenAI: role chunk, content chunks, finish chunk, usage chunk, [DONE]', async () => {
    const res = await post(verifyBody(CLAIMS, { stream: true, stream_options: { include_usage: true } }));
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await res.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const events = text.split('\n\n').filter(Boolean);
    expect(events.every((e) => e.startsWith('data: ') && !e.includes('\n'))).toBe(true);
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)));
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0].id)).toBe(true);
    expect(chunks.at(-2).choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: chunks.length - 3 } });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('streams the same content the JSON answer has, read through the real SDK', async () => {
    const client = clientFor(ctx.server);
    const whole = (await client.chat.completions.create(params())).choices[0]!.message.content;
    const stream = await client.chat.completions.create({ ...params(), stream: true as const });
    let streamed = '';
    const finishes: string[] = [];
    for await (const chunk of stream) {
      streamed += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(streamed).toBe(whole);
    expect(finishes).toEqual(['stop']);
  });

  it('streams a refusal in delta.refusal and a cut answer with finish_reason "length"', async () => {
    const client = clientFor(ctx.server);
    const read = async () => {
      const stream = await client.chat.completions.create({ ...params(), stream: true as const });
      let content = '';
      let refusal = '';
      let finish = '';
      for await (const chunk of stream) {
        content += chunk.choices[0]?.delta.content ?? '';
        refusal += chunk.choices[0]?.delta.refusal ?? '';
        finish ||= chunk.choices[0]?.finish_reason ?? '';
      }
      return { content, refusal, finish };
    };
    ctx.server.set({ output: 'refusal' });
    expect(await read()).toEqual({ content: '', refusal: REFUSAL_TEXT, finish: 'stop' });
    ctx.server.set({ output: 'length' });
    const cut = await read();
    expect(cut.finish).toBe('length');
    expect(() => JSON.parse(cut.content)).toThrow();
  });

  it('answers logprobs when asked, per token, in JSON and in SSE', async () => {
    ctx.server.set({ logprobs: true });
    const client = clientFor(ctx.server);
    const json = await client.chat.completions.create({ ...params(), logprobs: true, top_logprobs: 2 });
    const tokens = json.choices[0]!.logprobs!.content!;
    expect(tokens.map((t) => t.token).join('')).toBe(json.choices[0]!.message.content);
    expect(tokens[0]!.top_logprobs).toHaveLength(2);
    expect(tokens.every((t) => t.logprob < 0 && Buffer.from(t.bytes!).toString() === t.token)).toBe(true);
    const stream = await client.chat.completions.create({ ...params(), stream: true as const, logprobs: true });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.logprobs?.content?.map((t) => t.token).join('') ?? '';
    expect(streamed).toBe(json.choices[0]!.message.content);
    const plain = await client.chat.completions.create(params());
    expect(plain.choices[0]!.logprobs).toBeNull();
  });

  it('paces tokens: nothing before the first-token delay, the whole answer no sooner than its token count allows', async () => {
    ctx.server.set({ pace: { tokensPerSecond: 200, firstTokenMs: 150 } });
    const started = Date.now();
    const stream = await clientFor(ctx.server).chat.completions.create({ ...params(), stream: true as const });
    let firstContentAt = 0;
    let tokens = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) {
        firstContentAt ||= Date.now();
        tokens++;
      }
    }
    expect(firstContentAt - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150 + ((tokens - 1) / 200) * 1000 - 10);
  });
});

describe('the holdAt gate', () => {
  const streamed = () => post(verifyBody(CLAIMS, { stream: true }));
  const firstBytes = async (res: Response) => {
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    return { head: new TextDecoder().decode(value), rest: reader };
  };
  const untilDone = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += new TextDecoder().decode(value);
    }
  };

  it('one release lets every held answer go on', async () => {
    ctx.server.set({ holdAt: 0.5 });
    const [a, b] = await Promise.all([streamed(), streamed()]);
    const [heldA, heldB] = await Promise.all([firstBytes(a), firstBytes(b)]);
    expect(heldA.head).toContain('data: ');
    expect(heldB.head).toContain('data: ');
    ctx.server.release();
    const [restA, restB] = await Promise.all([untilDone(heldA.rest), untilDone(heldB.rest)]);
    expect(restA).toContain('data: [DONE]');
    expect(restB).toContain('data: [DONE]');
  });

  it('a release that comes before the request leaves that request unheld', async () => {
    ctx.server.set({ holdAt: 0.5 });
    ctx.server.release();
    const res = await streamed();
    expect(await res.text()).toContain('data: [DONE]');
    expect(ctx.server.progress.sent).toBe(ctx.server.progress.total);
  });
});

describe('failures, delays and shutdown', () => {
  it('answers the failure queue in turn, then normally, recording every request', async () => {
    ctx.server.set({ failures: [{ status: 429, headers: { 'retry-after': '1' } }, { status: 500 }] });
    const client = clientFor(ctx.server);
    await expect(client.chat.completions.create(params())).rejects.toBeInstanceOf(RateLimitError);
    await expect(client.chat.completions.create(params())).rejects.toBeInstanceOf(InternalServerError);
    await expect(client.chat.completions.create(params())).resolves.toMatchObject({ object: 'chat.completion' });
    expect(chatRequests(ctx.server).map((r) => r.status)).toEqual([429, 500, 200]);
  });

  it('a failure scripted for one method passes requests of the other by', async () => {
    ctx.server.set({ failures: [{ status: 500, method: 'POST' }] });
    const client = clientFor(ctx.server);
    await expect(client.models.list()).resolves.toBeDefined();
    await expect(client.chat.completions.create(params())).rejects.toBeInstanceOf(InternalServerError);
    await expect(client.chat.completions.create(params())).resolves.toMatchObject({ object: 'chat.completion' });
    expect(ctx.server.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 500', 'POST 200']);
  });

  it('rejects what a behavior says the endpoint cannot do, with a 400', async () => {
    const cases: [Record<string, boolean>, Record<string, unknown>][] = [
      [{ rejectStreaming: true }, { stream: true }],
      [{ rejectJsonSchema: true }, { response_format: { type: 'json_schema', json_schema: { name: 'v', strict: true, schema: {} } } }],
      [{ rejectJsonObject: true }, { response_format: { type: 'json_object' } }],
      [{ rejectImages: true }, {}],
    ];
    for (const [flags, extra] of cases) {
      ctx.server.reset();
      ctx.server.set(flags);
      expect((await post(verifyBody(CLAIMS, extra))).status).toBe(400);
      expect((await post(verifyBody(CLAIMS, {}))).status).toBe(flags.rejectImages ? 400 : 200);
    }
  });

  it('closes with requests in flight, and the client sees a broken connection', async () => {
    const own = await startModelServer({ delayMs: 10_000 });
    const pending = fetch(`${own.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(verifyBody()) }).then(
      () => 'answered',
      () => 'failed',
    );
    await expect.poll(() => own.requests.length).toBe(1);
    expect(own.requests[0]?.endedAt).toBeNull();
    await own.close();
    expect(await pending).toBe('failed');
    // Closed without waiting out the 10 s delay: the request was never answered.
    expect(own.requests[0]?.status).toBeNull();
  });
});
