// The Files and Batches endpoints of the stand-in server, as OpenAI documents them: multipart upload,
// batches that move validating → in_progress → finalizing → completed at a pace a test sets, with
// request_counts, output and error files, cancel and expiry, and scripted failures. Each request line
// is answered by the server's own chat endpoint over HTTP, so batch lines get the same checks and
// the same answers as online requests.
import { isRecord } from './behavior';
import { validateRequestFile, type BatchRequest, type ValidationError } from './batch-lines';

/** What the next batch does once it is validated. */
export type BatchOutcome = 'complete' | 'expire' | 'fail';

/** A per-request failure: an answer with this HTTP status, or (status 0) an error line with no response. */
export interface LineFailure {
  status: number;
  code: string;
  message: string;
}

export interface BatchApiBehavior {
  /** How long each status lasts before the next (validating, in_progress, finalizing, cancelling). */
  stepMs: number;
  /** Outcomes of the next batches in turn; then every batch completes. */
  outcomes: BatchOutcome[];
  /** With outcome "expire": how many requests are answered before the window ends. */
  answeredBeforeExpiry: number;
  /** A failure for a request line instead of its answer (index = the line's position in the file). */
  failLine: ((customId: string, index: number) => LineFailure | null) | null;
  /** Most requests in one input file; more fail validation, as at OpenAI. */
  maxRequests: number;
  /** Largest upload accepted. */
  maxFileBytes: number;
}

export function defaultBatchApiBehavior(): BatchApiBehavior {
  return { stepMs: 50, outcomes: [], answeredBeforeExpiry: 0, failLine: null, maxRequests: 50_000, maxFileBytes: 200 * 1000 * 1000 };
}

export interface StoredFile {
  id: string;
  filename: string;
  purpose: string;
  bytes: number;
  created_at: number;
  text: string;
}

interface StoredBatch {
  id: string;
  input_file_id: string;
  endpoint: string;
  completion_window: string;
  metadata: Record<string, string> | null;
  status: string;
  created_at: number;
  /** Date.now() when the current status began. */
  since: number;
  outcome: BatchOutcome;
  total: number;
  output: string[];
  errors: string[];
  validationErrors: ValidationError[];
  output_file_id: string | null;
  error_file_id: string | null;
  work: Promise<void> | null;
  stop: boolean;
}

type Reply = { status: number; body: unknown };

function apiError(status: number, message: string, code: string | null = null, param: string | null = null): Reply {
  return { status, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

/** The Files and Batches endpoints; request lines go to `chatOrigin()` with `chatHeaders()` (the provider's own access). */
export function createBatchApi(chatOrigin: () => string, chatHeaders: () => Record<string, string>) {
  let behavior = defaultBatchApiBehavior();
  const files = new Map<string, StoredFile>();
  const batches = new Map<string, StoredBatch>();
  let next = 1;
  const newId = (prefix: string) => `${prefix}-test${String(next++).padStart(4, '0')}`;

  function storeFile(filename: string, purpose: string, text: string): StoredFile {
    const file = { id: newId('file'), filename, purpose, bytes: Buffer.byteLength(text), created_at: Math.floor(Date.now() / 1000), text };
    files.set(file.id, file);
    return file;
  }

  const fileObject = (f: StoredFile) => ({ id: f.id, object: 'file', bytes: f.bytes, created_at: f.created_at, filename: f.filename, purpose: f.purpose, status: 'processed' });

  function batchObject(b: StoredBatch) {
    const completed = b.output.length;
    const failed = b.errors.length;
    return {
      id: b.id,
      object: 'batch',
      endpoint: b.endpoint,
      input_file_id: b.input_file_id,
      completion_window: b.completion_window,
      status: b.status,
      created_at: b.created_at,
      output_file_id: b.output_file_id,
      error_file_id: b.error_file_id,
      errors: b.validationErrors.length ? { object: 'list', data: b.validationErrors } : null,
      request_counts: { total: b.total, completed, failed },
      metadata: b.metadata,
    };
  }

  function validate(b: StoredBatch): BatchRequest[] | null {
    const { requests, errors } = validateRequestFile(files.get(b.input_file_id)!.text, b.endpoint, behavior.maxRequests);
    b.validationErrors.push(...errors);
    return errors.length ? null : requests;
  }

  /** Answers the lines in order, two at a time, through the chat endpoint. */
  async function run(b: StoredBatch, requests: BatchRequest[]) {
    const limit = b.outcome === 'expire' ? behavior.answeredBeforeExpiry : requests.length;
    let index = 0;
    const worker = async () => {
      while (index < limit && !b.stop) {
        const i = index++;
        const request = requests[i]!;
        const lineId = `batch_req_${b.id}_${i}`;
        const failure = behavior.failLine?.(request.custom_id, i);
        if (failure && failure.status === 0) {
          b.errors.push(JSON.stringify({ id: lineId, custom_id: request.custom_id, response: null, error: { code: failure.code, message: failure.message } }));
          continue;
        }
        let status: number;
        let body: unknown;
        if (failure) {
          status = failure.status;
          body = { error: { message: failure.message, type: 'invalid_request_error', param: null, code: failure.code } };
        } else {
          const response = await fetch(`${chatOrigin()}/v1/chat/completions`, {
            method: 'POST',
            headers: { ...chatHeaders(), 'content-type': 'application/json', 'x-caption-check-batch': b.id },
            body: JSON.stringify(request.body),
          });
          status = response.status;
          body = await response.json();
        }
        const line = JSON.stringify({ id: lineId, custom_id: request.custom_id, response: { status_code: status, request_id: `req_${i}`, body }, error: null });
        (status >= 200 && status < 300 ? b.output : b.errors).push(line);
      }
    };
    await Promise.all([worker(), worker()]);
    // What the window did not reach is reported in the error file, as OpenAI does.
    if (b.outcome === 'expire')
      for (const request of requests.slice(limit))
        b.errors.push(JSON.stringify({ id: `batch_req_${b.id}_x`, custom_id: request.custom_id, response: null, error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' } }));
  }

  function writeResults(b: StoredBatch, unanswered: { custom_id: string }[], code: string) {
    for (const request of unanswered)
      b.errors.push(JSON.stringify({ id: `batch_req_${b.id}_c`, custom_id: request.custom_id, response: null, error: { code, message: `Request not run: ${code}.` } }));
    if (b.output.length) b.output_file_id = storeFile(`${b.id}_output.jsonl`, 'batch_output', `${b.output.join('\n')}\n`).id;
    if (b.errors.length) b.error_file_id = storeFile(`${b.id}_error.jsonl`, 'batch_output', `${b.errors.join('\n')}\n`).id;
  }

  const pending = new Map<string, BatchRequest[]>();

  /** Moves a batch on as far as its clock allows. */
  async function advance(b: StoredBatch): Promise<void> {
    const due = () => Date.now() - b.since >= behavior.stepMs;
    const move = (status: string) => {
      b.status = status;
      b.since = Date.now();
    };
    if (b.status === 'validating' && due()) {
      const requests = validate(b);
      if (!requests || b.outcome === 'fail') {
        if (requests) b.validationErrors.push({ code: 'invalid_request', message: 'Scripted validation failure.', line: 1, param: null });
        return move('failed');
      }
      b.total = requests.length;
      pending.set(b.id, requests);
      b.work = run(b, requests);
      move('in_progress');
    }
    if (b.status === 'in_progress' && due()) {
      await b.work;
      move('finalizing');
    }
    if (b.status === 'finalizing' && due()) {
      writeResults(b, [], '');
      move(b.outcome === 'expire' ? 'expired' : 'completed');
    }
    if (b.status === 'cancelling' && due()) {
      await b.work;
      const requests = pending.get(b.id) ?? [];
      const answered = new Set([...b.output, ...b.errors].map((l) => (JSON.parse(l) as { custom_id: string }).custom_id));
      writeResults(b, requests.filter((r) => !answered.has(r.custom_id)), 'batch_cancelled');
      move('cancelled');
    }
  }

  async function createFile(contentType: string, raw: string): Promise<Reply> {
    if (!contentType.startsWith('multipart/form-data')) return apiError(400, 'Upload files as multipart/form-data.');
    const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: raw }).formData();
    const file = form.get('file');
    const purpose = form.get('purpose');
    if (typeof purpose !== 'string' || !purpose) return apiError(400, "Missing required parameter: 'purpose'.", 'missing_required_parameter', 'purpose');
    if (!file || typeof file === 'string') return apiError(400, "Missing required parameter: 'file'.", 'missing_required_parameter', 'file');
    const text = await file.text();
    if (Buffer.byteLength(text) > behavior.maxFileBytes) return apiError(413, `File is too large: at most ${behavior.maxFileBytes} bytes.`, 'file_too_large');
    if (purpose === 'batch' && !file.name.endsWith('.jsonl')) return apiError(400, 'Batch input files must be .jsonl.', 'invalid_file_format');
    return { status: 200, body: fileObject(storeFile(file.name, purpose, text)) };
  }

  function createBatch(body: unknown): Reply {
    if (!isRecord(body)) return apiError(400, 'The body is not a JSON object.');
    const file = typeof body.input_file_id === 'string' ? files.get(body.input_file_id) : undefined;
    if (!file) return apiError(404, `No such File object: ${String(body.input_file_id)}`, null, 'input_file_id');
    if (body.endpoint !== '/v1/chat/completions') return apiError(400, 'Unsupported endpoint.', 'invalid_value', 'endpoint');
    if (body.completion_window !== '24h') return apiError(400, "completion_window must be '24h'.", 'invalid_value', 'completion_window');
    const now = Date.now();
    const b: StoredBatch = {
      id: newId('batch'),
      input_file_id: file.id,
      endpoint: body.endpoint,
      completion_window: body.completion_window,
      metadata: isRecord(body.metadata) ? (body.metadata as Record<string, string>) : null,
      status: 'validating',
      created_at: Math.floor(now / 1000),
      since: now,
      outcome: behavior.outcomes.shift() ?? 'complete',
      total: 0,
      output: [],
      errors: [],
      validationErrors: [],
      output_file_id: null,
      error_file_id: null,
      work: null,
      stop: false,
    };
    batches.set(b.id, b);
    return { status: 200, body: batchObject(b) };
  }

  return {
    files,
    batches,
    set(next: Partial<BatchApiBehavior>) {
      behavior = { ...behavior, ...next, ...(next.outcomes ? { outcomes: [...next.outcomes] } : {}) };
    },
    reset() {
      behavior = defaultBatchApiBehavior();
      for (const b of batches.values()) b.stop = true;
      files.clear();
      batches.clear();
      pending.clear();
    },
    /** True for the paths this module answers. */
    handles(path: string): boolean {
      return /^\/v1\/(files|batches)(\/|$)/.test(path);
    },
    /** Answers one request; `body` is the parsed JSON or the raw text of a multipart upload. */
    async handle(method: string, path: string, contentType: string, body: unknown): Promise<Reply> {
      const [, kind, id, action] = /^\/v1\/(files|batches)(?:\/([^/]+))?(?:\/([^/]+))?$/.exec(path) ?? [];
      if (kind === 'files') {
        if (method === 'POST' && !id) return createFile(contentType, typeof body === 'string' ? body : '');
        if (method === 'GET' && !id) return { status: 200, body: { object: 'list', data: [...files.values()].map(fileObject), has_more: false } };
        const file = id ? files.get(id) : undefined;
        if (!file) return apiError(404, `No such File object: ${id}`);
        if (method === 'GET' && action === 'content') return { status: 200, body: file.text };
        if (method === 'GET' && !action) return { status: 200, body: fileObject(file) };
      }
      if (kind === 'batches') {
        if (method === 'POST' && !id) return createBatch(body);
        if (method === 'GET' && !id) {
          for (const b of batches.values()) await advance(b);
          return { status: 200, body: { object: 'list', data: [...batches.values()].reverse().map(batchObject), has_more: false } };
        }
        const b = id ? batches.get(id) : undefined;
        if (!b) return apiError(404, `No such batch: ${id}`);
        if (method === 'GET' && !action) {
          await advance(b);
          return { status: 200, body: batchObject(b) };
        }
        if (method === 'POST' && action === 'cancel') {
          await advance(b);
          if (['completed', 'failed', 'expired', 'cancelled'].includes(b.status)) return apiError(400, `Cannot cancel a batch with status ${b.status}.`);
          b.stop = true;
          b.status = 'cancelling';
          b.since = Date.now();
          return { status: 200, body: batchObject(b) };
        }
      }
      return apiError(404, `Unknown path ${method} ${path}.`, 'unknown_url');
    },
  };
}

export type BatchApi = ReturnType<typeof createBatchApi>;
