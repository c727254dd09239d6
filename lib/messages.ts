import { z } from 'zod';

/**
 * Every message between the extension's pages and its service worker, declared once.
 * The worker validates each with this schema and checks the sender before acting.
 */
export const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cancelCheck'), tabId: z.number().int() }),
  z.object({ type: z.literal('rerunCheck'), tabId: z.number().int() }),
]);
export type Message = z.infer<typeof messageSchema>;
export type MessageType = Message['type'];

export const messageResponseSchema = z.object({ ok: z.boolean(), error: z.string().optional() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
