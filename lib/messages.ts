import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { checkErrorKindSchema } from './errors';
import { pageCheckSchema } from './page-check-state';
import { providerIdSchema } from './settings';

/**
 * Every message between the extension's pages and its service worker, declared once.
 * The worker validates each with this schema and checks the sender before acting.
 */
export const messageSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('cancelCheck'), tabId: z.number().int() }),
  /** Starts the in-page image picker on the tab (for images right-click cannot reach). */
  z.object({ type: z.literal('pickImage'), tabId: z.number().int() }),
  /** Runs the tab's check again; `provider` asks for the on-device model or the endpoint instead of the default. */
  z.object({ type: z.literal('rerunCheck'), tabId: z.number().int(), provider: providerIdSchema.optional(), split: z.literal('model').optional() }),
  /** Re-verifies these claim texts (edited, removed, added) against the tab's last image. */
  z.object({ type: z.literal('recheckClaims'), tabId: z.number().int(), claims: z.array(z.string().trim().min(1).max(1000)).min(1).max(100) }),
  /** Checks the same claims with another model and stores the run beside the job. */
  z.object({ type: z.literal('compareModel'), tabId: z.number().int(), model: z.string().trim().min(1).max(200), baseUrl: z.url().optional() }),
  /** One tiny real check with the saved settings; the key stays in the worker. Answers `data: ConnectionReport`. */
  z.object({ type: z.literal('testConnection') }),
  /** The models an endpoint lists (GET /models); the saved key is used unless one is given. Answers `data: string[]`. */
  z.object({ type: z.literal('listModels'), baseUrl: z.string().max(2000).optional(), apiKey: z.string().max(4096).optional() }),
  /** Whether an endpoint is configured, and which: the popup never reads the key. Answers `data: Setup`. */
  z.object({ type: z.literal('getSetup') }),
  /** Removes the in-page marks of the tab's check. */
  z.object({ type: z.literal('clearMarks'), tabId: z.number().int() }),
  /** The side panel's claim under the pointer (null: none) stands out on the page; `scroll` brings the image into view. */
  z.object({ type: z.literal('focusClaim'), tabId: z.number().int(), claim: z.number().int().nonnegative().nullable(), scroll: z.boolean() }),
  /** Lists the tab's image + caption pairs for "Check all captioned images on this page". Answers `data: PageCheck`. */
  z.object({ type: z.literal('checkPage'), tabId: z.number().int() }),
  /** The welcome page's "Check this caption" on one of its samples; the check lands in the welcome tab's job. */
  z.object({ type: z.literal('checkSample'), tabId: z.number().int(), sampleId: z.enum(['apples', 'ducks', 'car']) }),
  /** Lists the tab's alt texts (and images without a usable alt) for "Check alt text on this page". Answers `data: PageCheck`. */
  z.object({ type: z.literal('auditAltText'), tabId: z.number().int() }),
  /** Checks the listed pairs the user kept ticked, a few at a time; progress lands in `session:pageCheck:<tabId>`. */
  z.object({ type: z.literal('runPageCheck'), tabId: z.number().int(), ids: z.array(z.string().max(40)).min(1).max(100) }),
  /** Stops the tab's page check; pairs already checked keep their results. */
  z.object({ type: z.literal('cancelPageCheck'), tabId: z.number().int() }),
  /** Outlines the page check's pictures on the page; `id` (a row or finding) is scrolled to and stands out. `ok`: it was found. */
  z.object({ type: z.literal('showOnPage'), tabId: z.number().int(), id: z.string().max(40).nullable() }),
  /** Makes a page-check row's finished check the tab's check (Re-run, Edit claims, Compare), its image read again from the page. */
  z.object({ type: z.literal('openPageCheckRow'), tabId: z.number().int(), id: z.string().max(40) }),
]));
export type Message = z.infer<typeof messageSchema>;
export type MessageType = Message['type'];

/** What the popup may know about the endpoint (never the key). */
export const setupSchema = lazySchema(() => z.object({ configured: z.boolean(), baseUrl: z.string(), model: z.string() }));
export type Setup = z.infer<typeof setupSchema>;

/** One step of Test connection: what was tried, whether it worked, and what it means. */
export const connectionStepSchema = lazySchema(() => z.object({
  id: z.enum(['reached', 'key', 'model', 'image', 'structured']),
  ok: z.boolean().nullable(),
  detail: z.string(),
}));
/** What Test connection found, step by step, and how long the whole test took. */
export const connectionReportSchema = lazySchema(() => z.object({
  ok: z.boolean(),
  steps: z.array(connectionStepSchema),
  outputMode: z.string().nullable(),
  elapsedMs: z.number(),
  error: z.string().nullable(),
}));
export type ConnectionReport = z.infer<typeof connectionReportSchema>;



/** The model names an endpoint lists. */
export const modelListSchema = lazySchema(() => z.array(z.string()));

/**
 * Why the worker refused or failed a request. A CheckError's kind crosses the wire as it is, so the
 * popup picks the same fix the worker meant; the three extra kinds exist only on this boundary.
 */
export const replyErrorKindSchema = lazySchema(() => z.enum([
  ...checkErrorKindSchema.options,
  /** The message did not match the protocol (an older page, or someone else's). */
  'bad-message',
  /** The tab is not in a state for this request (no earlier check, one still running, no list). */
  'wrong-state',
  /** The worker did not answer at all (set by the sending side). */
  'no-answer',
]));

/** Any request can fail this way: the sentence to show and its kind. */
export const failureReplySchema = lazySchema(() => z.object({ ok: z.literal(false), error: z.string(), kind: replyErrorKindSchema }));
export type FailureReply = z.infer<typeof failureReplySchema>;

/** Started (or done) with nothing to report back. */
const ackReply = lazySchema(() => z.object({ ok: z.literal(true) }));
/** `ok: false` without an error means there was nothing to act on (e.g. nothing running to cancel). */
const outcomeReply = lazySchema(() => z.object({ ok: z.boolean() }));
const dataReply = <S extends z.ZodType>(data: S) => lazySchema(() => z.object({ ok: z.literal(true), data }));

/** The answer to each request type, besides a FailureReply; the router's handlers must return exactly these. */
export const replySchemas = {
  cancelCheck: outcomeReply,
  pickImage: ackReply,
  rerunCheck: ackReply,
  recheckClaims: ackReply,
  compareModel: ackReply,
  testConnection: dataReply(connectionReportSchema),
  listModels: dataReply(modelListSchema),
  getSetup: dataReply(setupSchema),
  clearMarks: ackReply,
  focusClaim: outcomeReply,
  checkPage: dataReply(pageCheckSchema),
  checkSample: ackReply,
  auditAltText: dataReply(pageCheckSchema),
  runPageCheck: ackReply,
  cancelPageCheck: outcomeReply,
  showOnPage: outcomeReply,
  openPageCheckRow: ackReply,
} satisfies { [T in MessageType]: z.ZodType };

/** The request of one type. */
export type MessageOf<T extends MessageType> = Extract<Message, { type: T }>;
/** What a request of type T gets back: its own reply, or a failure. */
export type Reply<T extends MessageType> = z.infer<(typeof replySchemas)[T]> | FailureReply;

/** Whether a reply is a failure (a refused or failed request, or no answer), narrowing it. */
export function isFailure<R extends { ok: boolean }>(reply: R | FailureReply): reply is FailureReply {
  return !reply.ok && 'error' in reply;
}

/** Reads one raw reply for a request type: the type's own reply, else a failure (checked first: it also passes `{ ok: boolean }`). */
export function parseReply<T extends MessageType>(type: T, raw: unknown): Reply<T> | null {
  const failure = failureReplySchema.safeParse(raw);
  if (failure.success) return failure.data;
  const parsed = replySchemas[type].safeParse(raw);
  return parsed.success ? (parsed.data as Reply<T>) : null;
}

/** Delivers a message to the worker and resolves with whatever it answered (runtime.sendMessage in the extension). */
export type Transport = (message: Message) => Promise<unknown>;

/**
 * The one typed send: its reply type follows the request type, every reply is checked against that
 * type's schema, and a transport error or an unreadable reply becomes a `no-answer` failure with `noAnswer`.
 */
export function createSend(transport: Transport, noAnswer: string) {
  return async function send<M extends Message>(message: M): Promise<Reply<M['type']>> {
    const failed: FailureReply = { ok: false, error: noAnswer, kind: 'no-answer' };
    try {
      return parseReply<M['type']>(message.type, await transport(message)) ?? failed;
    } catch {
      return failed;
    }
  };
}
/** A typed send as createSend makes it. */
export type Send = ReturnType<typeof createSend>;

/** Any reply the worker sends (the router's return type). */
export type MessageResponse = Reply<MessageType>;
