import { t } from '../i18n';
import { jsonrepair } from 'jsonrepair';
import { ERROR_TYPES, type ErrorType, type Verdict } from './schema';

export interface ParsedVerdicts {
  /** Verdicts in the order the model gave them; `null` where an entry could not be read. */
  verdicts: (Verdict | null)[];
  /** Things a person may want to know (dropped error types, repaired JSON). */
  notes: string[];
}

const FENCE = /```(?:json|JSON|javascript|js)?\s*([\s\S]*?)(?:```|$)/;

/** The JSON-looking part of a model answer: inside a code fence if any, from the first `[`/`{`. */
export function extractJsonText(raw: string): string {
  const fenced = FENCE.exec(raw);
  const body = fenced?.[1] && /[[{]/.test(fenced[1]) ? fenced[1] : raw;
  const start = body.search(/[[{]/);
  if (start < 0) return '';
  const open = body[start];
  const end = body.lastIndexOf(open === '[' ? ']' : '}');
  return end > start ? body.slice(start, end + 1) : body.slice(start);
}

function parseLoose(text: string, notes: string[]): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Python literals and single quotes are what models most often send instead of JSON.
    const pythonic = text.replace(/\bTrue\b/g, 'true').replace(/\bFalse\b/g, 'false').replace(/\bNone\b/g, 'null');
    try {
      const value: unknown = JSON.parse(jsonrepair(pythonic));
      notes.push(t('noteRepairedJson'));
      return value;
    } catch {
      return undefined;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function looksLikeVerdict(value: unknown): boolean {
  return isRecord(value) && ('label' in value || 'error_type' in value);
}

/** Finds the verdict list in whatever shape the model chose: a bare array, a wrapper object, one verdict. */
function findVerdictArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  if (looksLikeVerdict(value)) return [value];
  for (const inner of Object.values(value)) {
    if (Array.isArray(inner) && inner.some(looksLikeVerdict)) return inner;
  }
  for (const inner of Object.values(value)) {
    const nested = isRecord(inner) ? findVerdictArray(inner) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

const LABEL_WORDS: Record<string, boolean> = {
  true: true, yes: true, correct: true, supported: true, accurate: true, '1': true,
  false: false, no: false, incorrect: false, unsupported: false, inaccurate: false, '0': false,
};

/** A label as models write it: booleans, "true"/"True", "yes", 1/0. Undefined when unreadable. */
export function normalizeLabel(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value === 'string') return LABEL_WORDS[value.trim().toLowerCase().replace(/[^a-z01]/g, '')];
  return undefined;
}

const TYPE_ALIASES: Record<string, ErrorType> = {
  object: 'Object', objects: 'Object', objectidentification: 'Object', hallucination: 'Object',
  attribute: 'Attribute', attributes: 'Attribute', attributeaccuracy: 'Attribute',
  spatial: 'Spatial', spatialrelation: 'Spatial', spatialrelations: 'Spatial', spatialrelationship: 'Spatial',
  spatialrelationships: 'Spatial', position: 'Spatial', location: 'Spatial',
  interaction: 'Interaction', interactions: 'Interaction', action: 'Interaction', actions: 'Interaction',
  interactionaction: 'Interaction', interactionactionaccuracy: 'Interaction', actionaccuracy: 'Interaction',
  quantitative: 'Quantitative', quantity: 'Quantitative', quantitativeinformation: 'Quantitative',
  count: 'Quantitative', counting: 'Quantitative', number: 'Quantitative', numeric: 'Quantitative',
};

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The seed's spelling of an error type written loosely ("object", "Attributes", "Quantitive"). */
export function normalizeErrorType(value: string): ErrorType | undefined {
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  if (!key) return undefined;
  const alias = TYPE_ALIASES[key];
  if (alias) return alias;
  for (const type of ERROR_TYPES) {
    const name = type.toLowerCase();
    if (key.startsWith(name) || editDistance(key, name) <= 2) return type;
  }
  return undefined;
}

function normalizeErrorTypes(value: unknown, notes: string[]): ErrorType[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,;/|]/) : [];
  const types: ErrorType[] = [];
  for (const item of items) {
    if (typeof item !== 'string' || !item.trim()) continue;
    const type = normalizeErrorType(item);
    if (!type) notes.push(t('noteUnknownType', item.slice(0, 40)));
    else if (!types.includes(type)) types.push(type);
  }
  return types;
}

/** One verdict from whatever object the model sent; null when it has no readable label. */
export function normalizeVerdict(value: unknown, notes: string[] = []): Verdict | null {
  if (!isRecord(value)) return null;
  const label = normalizeLabel(value.label ?? value.verdict ?? value.correct);
  if (label === undefined) return null;
  const reasoningValue = value.reasoning ?? value.reason ?? value.explanation;
  const reasoning = typeof reasoningValue === 'string' ? reasoningValue.trim() : '';
  const errorTypes = normalizeErrorTypes(value.error_type ?? value.error_types ?? value.errors, notes);
  // A supported claim has no error by definition; keep the two fields consistent.
  return { reasoning, label, error_type: label ? [] : errorTypes };
}

/** Each place the JSON may start (every `[`/`{`, in order, at most `limit`), cut like extractJsonText. */
function jsonCandidates(raw: string, limit = 8): string[] {
  const fenced = FENCE.exec(raw);
  const body = fenced?.[1] && /[[{]/.test(fenced[1]) ? fenced[1] : raw;
  const candidates: string[] = [];
  for (let start = body.search(/[[{]/); start >= 0 && candidates.length < limit; ) {
    candidates.push(extractJsonText(body.slice(start)));
    const next = body.slice(start + 1).search(/[[{]/);
    start = next < 0 ? -1 : start + 1 + next;
  }
  return candidates;
}

/** Reads a model's whole answer into verdicts, tolerating fences, prose, Python literals and broken JSON. */
export function parseVerdicts(raw: string): ParsedVerdicts {
  // Prose before the JSON can hold brackets of its own ("claims [1-5]"): the first place that
  // reads as a list with a verdict in it wins; failing that, the first place, as before.
  let first: ParsedVerdicts | undefined;
  for (const text of jsonCandidates(raw)) {
    const notes: string[] = [];
    const list = findVerdictArray(parseLoose(text, notes));
    const parsed = { verdicts: list ? list.map((item) => normalizeVerdict(item, notes)) : [], notes };
    if (list?.some(looksLikeVerdict)) return parsed;
    first ??= parsed;
  }
  return first ?? { verdicts: [], notes: [] };
}
