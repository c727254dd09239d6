// The lines a batch reads: its input items, and the output lines a resumed run finds.
import { z } from 'zod';
import { languageTag } from '../claims/language';
import { normalizeErrorType } from '../verify/parse';
import type { ClaimSource } from './check-item';
import { parseJsonLine } from './jsonl';
import type { GoldClaim } from './metrics';

const idSchema = z.union([z.string().min(1), z.number()]);
const claimTextSchema = z.string().trim().min(1, 'a claim is empty');
// Gold per claim: a bare label, or an object such as {"label": false, "error_type": ["Object"]}.
const goldEntrySchema = z.union([
  z.boolean(),
  z.object({
    label: z.boolean(),
    error_type: z.array(z.string()).nullish(),
    error_types: z.array(z.string()).nullish(),
  }),
]);

export const batchItemSchema = z
  .object({
    id: idSchema,
    image: z.string().trim().min(1, 'image is empty'),
    caption: z.string().optional(),
    lang: z
      .string()
      .refine((tag) => languageTag(tag) !== undefined, 'lang is not a language tag (e.g. "de", "en-GB")')
      .optional(),
    claims: z.array(claimTextSchema).min(1, 'claims is empty').optional(),
    labels: z.array(z.boolean()).optional(),
    gold: z.array(goldEntrySchema).optional(),
    error_types: z.array(z.array(z.string())).optional(),
  })
  .refine((item) => (item.caption === undefined) !== (item.claims === undefined), {
    message: 'give exactly one of "caption" or "claims"',
  })
  .refine((item) => !(item.labels && item.gold), { message: 'give gold labels as "labels" or as "gold", not both' });
export type BatchItemLine = z.infer<typeof batchItemSchema>;

/** One input item, validated. */
export interface BatchItem {
  id: string | number;
  /** The resume key: the id's JSON, so 1 and "1" stay apart. */
  key: string;
  image: string;
  source: ClaimSource;
  /** One entry per claim, or null when the line has no gold labels. */
  gold: GoldClaim[] | null;
  /** 1-based line in the input file. */
  line: number;
}

/** The resume key of an id. */
export function idKey(id: string | number): string {
  return JSON.stringify(id);
}

function normalizeTypes(types: readonly string[], where: string): string[] {
  return types.map((raw) => {
    const type = normalizeErrorType(raw);
    if (!type) throw new Error(`${where}: unknown error type "${raw}" (use Object, Attribute, Spatial, Interaction, Quantitative)`);
    return type;
  });
}

function goldOf(item: BatchItemLine): GoldClaim[] | null {
  const entries = item.labels ?? item.gold;
  if (!entries) {
    if (item.error_types) throw new Error('"error_types" needs "labels" beside it');
    return null;
  }
  if (item.error_types && item.error_types.length !== entries.length)
    throw new Error(`"error_types" has ${item.error_types.length} entries for ${entries.length} labels`);
  if (item.claims && entries.length !== item.claims.length)
    throw new Error(`${entries.length} gold labels for ${item.claims.length} claims`);
  return entries.map((entry, i) => {
    const label = typeof entry === 'boolean' ? entry : entry.label;
    const types = typeof entry === 'boolean' ? item.error_types?.[i] : (entry.error_type ?? entry.error_types ?? item.error_types?.[i]);
    return { label, errorTypes: types ? normalizeTypes(types, `claim ${i + 1}`) : null };
  });
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .slice(0, 3)
    .join('; ');
}

/** Parses one input line; throws an Error whose message says what is wrong with it. */
export function parseBatchLine(text: string, line: number): BatchItem {
  const item = parseJsonLine(text, batchItemSchema, describeIssues);
  return {
    id: item.id,
    key: idKey(item.id),
    image: item.image,
    source: item.claims ? { claims: item.claims } : { caption: item.caption ?? '', ...(item.lang ? { lang: item.lang } : {}) },
    gold: goldOf(item),
    line,
  };
}

/** A line of the input that is not an item, and why. */
export interface InputProblem {
  line: number;
  message: string;
}

/** One line of the input in order: an item, or the problem that keeps it out. */
export type InputEntry = { item: BatchItem; problem?: undefined } | { item?: undefined; problem: InputProblem };

/**
 * Reads the input line by line, in order (a whole file or a stream): each non-blank line gives an item, or
 * the problem that keeps it out — a bad line, or an id that an earlier line has (only the ids' keys are kept).
 */
export function batchLineReader(): (raw: string, line: number) => InputEntry | null {
  const seen = new Map<string, number>();
  return (raw, line) => {
    if (!raw.trim()) return null;
    try {
      const item = parseBatchLine(raw, line);
      const first = seen.get(item.key);
      if (first !== undefined) throw new Error(`id ${item.key} repeats line ${first}`);
      seen.set(item.key, line);
      return { item };
    } catch (error) {
      return { problem: { line, message: (error as Error).message } };
    }
  };
}

/** What a resumed run needs from an output line: its id, and its claims' labels for the metrics. */
export const outputLineSchema = z.object({
  id: idSchema,
  claims: z
    .array(z.object({ text: z.string(), label: z.boolean().nullable(), error_type: z.array(z.string()).nullable().default([]) }))
    .optional(),
  error: z.object({ kind: z.string(), message: z.string() }).optional(),
});
export type OutputLine = z.infer<typeof outputLineSchema>;

/** An output line, or null when it is not one (a line cut short by a crash). */
export function parseOutputLine(text: string): OutputLine | null {
  try {
    const parsed = outputLineSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
