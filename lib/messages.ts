import { z } from 'zod';
import { providerIdSchema } from './settings';

/**
 * Every message between the extension's pages and its service worker, declared once.
 * The worker validates each with this schema and checks the sender before acting.
 */
export const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cancelCheck'), tabId: z.number().int() }),
  /** Starts the in-page image picker on the tab (for images right-click cannot reach). */
  z.object({ type: z.literal('pickImage'), tabId: z.number().int() }),
  /** Runs the tab's check again; `provider` asks for the on-device model or the endpoint instead of the default. */
  z.object({ type: z.literal('rerunCheck'), tabId: z.number().int(), provider: providerIdSchema.optional() }),
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
]);
export type Message = z.infer<typeof messageSchema>;
export type MessageType = Message['type'];

/** Every answer: ok or an error a person can act on; `data` is parsed by the caller with the message's own schema. */
export const messageResponseSchema = z.object({ ok: z.boolean(), error: z.string().optional(), data: z.unknown().optional() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** What the popup may know about the endpoint (never the key). */
export const setupSchema = z.object({ configured: z.boolean(), baseUrl: z.string(), model: z.string() });
export type Setup = z.infer<typeof setupSchema>;

/** One step of Test connection: what was tried, whether it worked, and what it means. */
export const connectionStepSchema = z.object({
  id: z.enum(['reached', 'key', 'image', 'structured']),
  ok: z.boolean().nullable(),
  detail: z.string(),
});
/** What Test connection found, step by step, and how long the whole test took. */
export const connectionReportSchema = z.object({
  ok: z.boolean(),
  steps: z.array(connectionStepSchema),
  outputMode: z.string().nullable(),
  elapsedMs: z.number(),
  error: z.string().nullable(),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;

export const modelListSchema = z.array(z.string());

