// A local OpenAI-compatible server that stands in for the vision model in tests, benchmarks and by hand:
// real HTTP, JSON and SSE as OpenAI sends them, CORS like the real API, scripted verdicts and failures.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createBatchApi, type BatchApi } from './batch-api';
import { renderAnswer, scriptedLogprobs, tokenize, tokenLogprobs, type Answer } from './answer';
import { defaultBehavior, isRecord, sampledVerdict, scriptedVerdict, seededDraw, type Behavior, type ChatBody, type FailureReply } from './behavior';
import { checkChatRequest, type RecordedImage } from './request-check';
import { sendChunks, wait } from './sse';

export * from './behavior';
export type { BatchApi, BatchApiBehavior, BatchOutcome, LineFailure } from './batch-api';
export { REFUSAL_TEXT, EXTRA_VERDICT } from './answer';
export { parseClaimList } from './request-check';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body; the raw text when it is not JSON; null when empty. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
  /** Date.now() when the answer was finished or the client went away; null while in flight. */
  endedAt: number | null;
  status: number | null;
  /** Parsed back from the numbered list in the user text; empty for other requests. */
  claims: string[];
  image: RecordedImage | null;
  /** Where the request breaks the seed-prompt contract; empty when it is what a client must send. */
  problems: string[];
}

export interface ModelServer {
  /** http://127.0.0.1:PORT/v1 — what a client takes as its base URL. */
  baseUrl: string;
  origin: string;
  /** Every request, preflights and rejected ones included, in arrival order. */
  requests: RecordedRequest[];
  /** The most requests that were in flight at once (preflights not counted). */
  readonly maxInFlight: number;
  set(behavior: Partial<Behavior>): void;
  /** The Files and Batches endpoints: their stored files and batches, and their own knobs. */
  batchApi: BatchApi;
  /** The latest answer: tokens sent so far and its token count. */
  readonly progress: AnswerProgress;
  /**
   * Lets every answer held at `holdAt` go on, and holds no answer that starts later (until `set` arms
   * `holdAt` again): a release that comes before the request it meant cannot leave that request held.
   */
  release(): void;
  /** Back to the behavior the server started with; the record is cleared. */
  reset(): void;
  close(): Promise<void>;
}

/** How far the latest answer has been sent. */
export interface AnswerProgress {
  sent: number;
  total: number;
}

export type ModelServerOptions = Partial<Behavior> & { port?: number; host?: string };

function openAiError(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    'access-control-allow-origin': origin ?? '*',
    ...(origin ? { vary: 'Origin' } : {}),
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-expose-headers': 'x-request-id, retry-after, openai-processing-ms',
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let nextId = 1;

/** Starts the server on 127.0.0.1 (a random port unless `port` is given). */
export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const { port = 0, host = '127.0.0.1', ...initial } = options;
  // Queues are consumed, so each start gets its own copies.
  const startBehavior = (): Behavior => ({
    ...defaultBehavior(),
    ...initial,
    failures: [...(initial.failures ?? [])],
    outputQueue: [...(initial.outputQueue ?? [])],
  });
  let behavior = startBehavior();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxInFlight = 0;
  let progress: AnswerProgress = { sent: 0, total: 0 };
  // The held answers' gates; releasing opens them all.
  const gates = new Set<() => void>();
  const release = () => {
    behavior = { ...behavior, holdAt: null };
    for (const open of gates) open();
    gates.clear();
  };
  // How often each claim was sampled, so each sample of it draws anew and a rerun draws the same.
  const sampleCounts = new Map<string, number>();
  const batchApi = createBatchApi(
    () => origin,
    (): Record<string, string> => (behavior.apiKey === null ? {} : { authorization: `Bearer ${behavior.apiKey}` }),
  );

  async function handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, gone: AbortSignal): Promise<void> {
    const cors = corsHeaders(req);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      if (gone.aborted) return;
      const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, {
        ...cors,
        ...(text ? { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' } : {}),
        'x-request-id': `req_${record.at}_${requests.indexOf(record)}`,
        ...headers,
      });
      res.end(text);
    };
    const origin = req.headers.origin ?? '';
    if (behavior.rejectExtensionOrigins && /^(chrome|moz)-extension:\/\//.test(origin)) {
      // As Ollama's CORS middleware answers: 403, empty body, and no CORS headers, so a browser without
      // host access to the server sees no answer at all (only a granted extension sees the 403).
      record.status = 403;
      if (!gone.aborted) res.writeHead(403).end();
      return;
    }
    // Taken and never answered: a stuck server, or a firewall that swallows the connection.
    if (behavior.unresponsive) return;

    if (req.method === 'OPTIONS') {
      const asked = req.headers['access-control-request-headers'];
      return send(204, undefined, {
        ...(asked ? { 'access-control-allow-headers': String(asked) } : {}),
        'access-control-max-age': '600',
      });
    }

    const failing = behavior.failures.findIndex((f) => f.method === undefined || f.method === req.method);
    const failure: FailureReply | undefined = failing < 0 ? undefined : behavior.failures.splice(failing, 1)[0];
    if (failure) {
      const body = failure.body ?? openAiError(`Scripted failure ${failure.status}.`, failure.status >= 500 ? 'server_error' : 'requests', null);
      return send(failure.status, body, failure.headers);
    }

    if (behavior.apiKey !== null && req.headers.authorization !== `Bearer ${behavior.apiKey}`)
      return send(401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));

    const path = record.path.replace(/\?.*$/, '');
    if (req.method === 'GET' && path === '/v1/models')
      return send(200, {
        object: 'list',
        data: behavior.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'caption-check-test' })),
      });
    if (batchApi.handles(path)) {
      const reply = await batchApi.handle(req.method ?? '', path, String(req.headers['content-type'] ?? ''), record.body);
      return send(reply.status, reply.body);
    }
    if (path !== '/v1/chat/completions') return send(404, openAiError(`Unknown path ${path}.`, 'invalid_request_error', 'unknown_url'));
    if (req.method !== 'POST') return send(405, openAiError(`Use POST for ${path}.`, 'invalid_request_error', 'method_not_allowed'));
    if (!isRecord(record.body)) return send(400, openAiError('The body is not a JSON object.', 'invalid_request_error', null));
    await respondToChat(record.body, record, send, res, gone);
  }

  async function respondToChat(
    body: ChatBody,
    record: RecordedRequest,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
    res: ServerResponse,
    gone: AbortSignal,
  ): Promise<void> {
    const b = behavior;
    const model = typeof body.model === 'string' ? body.model : '';
    if (!b.models.includes(model))
      return send(404, openAiError(`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found'));

    const checked = await checkChatRequest(body);
    record.claims = checked.claims;
    record.image = checked.image;
    record.problems = checked.problems;
    if (b.delayMs > 0) await wait(b.delayMs, gone);
    if (gone.aborted) return;

    const stream = body.stream === true;
    const reject = (message: string, param: string) => send(400, openAiError(message, 'invalid_request_error', 'unsupported_parameter', param));
    if (b.rejectStreaming && stream) return reject('Streaming is not supported by this endpoint.', 'stream');
    if (b.rejectJsonSchema && checked.mode === 'json_schema')
      return reject("response_format of type 'json_schema' is not supported with this model.", 'response_format');
    if (b.rejectJsonObject && checked.mode === 'json_object')
      return reject("response_format of type 'json_object' is not supported with this model.", 'response_format');
    if (b.rejectImages && checked.image) return reject('This model does not support image input.', 'messages');
    if (b.strict && checked.problems.length > 0)
      return send(400, openAiError(`Not a valid verification request: ${checked.problems.join('; ')}.`, 'invalid_request_error', 'caption_check_contract'));

    const sampled = checked.verification && b.sampling !== null && typeof body.temperature === 'number' && body.temperature > 0;
    const choiceCount = sampled && b.honourN && typeof body.n === 'number' && body.n > 1 ? Math.min(body.n, 16) : 1;
    const verdictsOf = () => {
      if (b.answerList) return b.answerList(checked.claims);
      return checked.claims.map((claim, i) => {
        const verdict = scriptedVerdict(b, claim, i);
        if (!sampled || !b.sampling) return verdict;
        const count = sampleCounts.get(claim) ?? 0;
        sampleCounts.set(claim, count + 1);
        return sampledVerdict(verdict, b.sampling.flip(claim), seededDraw(b.sampling.seed, `${claim}\u0000${count}`));
      });
    };
    const answers: Answer[] = Array.from({ length: choiceCount }, () =>
      checked.verification
        ? renderAnswer(verdictsOf(), checked.mode, b.outputQueue.shift() ?? b.output)
        : { content: b.onTextRequest(body), refusal: null, finishReason: 'stop' },
    );
    const answer = answers[0]!;
    const completion = {
      id: `chatcmpl-test${nextId++}`,
      created: Math.floor(record.at / 1000),
      model,
      system_fingerprint: 'fp_caption_check',
    };
    const tokensOf = (a: Answer) => tokenize(a.content ?? a.refusal ?? '');
    const tokens = tokensOf(answer);
    const promptText = JSON.stringify(body.messages ?? '').length;
    const completionTokens = answers.reduce((n, a) => n + tokensOf(a).length, 0);
    const usage = {
      prompt_tokens: Math.ceil(promptText / 4) + (checked.image ? 85 : 0),
      completion_tokens: completionTokens,
      total_tokens: Math.ceil(promptText / 4) + (checked.image ? 85 : 0) + completionTokens,
    };
    const wantsLogprobs = b.logprobs && body.logprobs === true;
    const top = typeof body.top_logprobs === 'number' ? body.top_logprobs : 0;
    const labelProbabilities = checked.claims.map((claim, i) => b.labelProbability?.(claim, i) ?? null);
    const logprobsOf = (t: string[]) => scriptedLogprobs(t, labelProbabilities);

    if (stream) {
      const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
      record.status = 200;
      const shown: AnswerProgress = { sent: 0, total: tokens.length };
      progress = shown;
      // Read now, not from the request's start: a release in between must not leave this answer held.
      const holdAt = behavior.holdAt;
      const hold = holdAt === null ? null : { after: Math.floor(tokens.length * holdAt), resume: new Promise<void>((resolve) => gates.add(resolve)) };
      await sendChunks(res, gone, {
        ...completion,
        answer,
        tokens,
        usage: includeUsage ? usage : null,
        logprobs: wantsLogprobs ? top : null,
        tokenLogprobs: logprobsOf(tokens),
        pace: b.pace,
        hold,
        onProgress: (sent) => (shown.sent = sent),
      });
      return;
    }
    progress = { sent: 0, total: tokens.length };
    if (b.pace) await wait(b.pace.firstTokenMs + (tokens.length / b.pace.tokensPerSecond) * 1000, gone);
    progress = { sent: tokens.length, total: tokens.length };
    send(200, {
      ...completion,
      object: 'chat.completion',
      choices: answers.map((a, index) => {
        const t = tokensOf(a);
        return {
          index,
          message: { role: 'assistant', content: a.content, refusal: a.refusal, annotations: [] },
          logprobs: wantsLogprobs ? { content: tokenLogprobs(t, top, logprobsOf(t)), refusal: null } : null,
          finish_reason: a.finishReason,
        };
      }),
      usage,
    });
  }

  const server = createServer((req, res) => {
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: { ...req.headers },
      body: null,
      at: Date.now(),
      endedAt: null,
      status: null,
      claims: [],
      image: null,
      problems: [],
    };
    requests.push(record);
    const counted = req.method !== 'OPTIONS';
    if (counted) maxInFlight = Math.max(maxInFlight, ++inFlight);
    const gone = new AbortController();
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      record.endedAt = Date.now();
      if (counted) inFlight--;
    };
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
      finish();
    });
    readBody(req)
      .then((body) => {
        record.body = body;
        return handle(req, res, record, gone.signal);
      })
      .catch((error: unknown) => {
        if (gone.signal.aborted || res.headersSent) return void res.destroy();
        record.status = 500;
        res.writeHead(500, { ...corsHeaders(req), 'content-type': 'application/json' });
        res.end(JSON.stringify(openAiError(`Test server failure: ${String(error)}`, 'server_error', null)));
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The model server has no TCP address');
  const origin = `http://${host}:${address.port}`;

  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    get progress() {
      return progress;
    },
    release,
    set(next) {
      // Queues are consumed; never the caller's arrays.
      behavior = {
        ...behavior,
        ...next,
        ...(next.failures ? { failures: [...next.failures] } : {}),
        ...(next.outputQueue ? { outputQueue: [...next.outputQueue] } : {}),
      };
    },
    batchApi,
    reset() {
      release();
      progress = { sent: 0, total: 0 };
      behavior = startBehavior();
      sampleCounts.clear();
      batchApi.reset();
      requests.length = 0;
      maxInFlight = inFlight;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
