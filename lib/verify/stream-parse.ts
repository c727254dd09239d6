import { normalizeVerdict } from './parse';
import type { Verdict } from './schema';

/**
 * Watches a streamed JSON answer and hands over each verdict object the moment its closing brace
 * arrives, in the order the model wrote them. The complete answer is still parsed at the end.
 */
export function createVerdictStreamParser(onVerdict: (index: number, verdict: Verdict | null) => void) {
  let text = '';
  let scanned = 0;
  let depth = 0;
  let listDepth = -1;
  let inString = false;
  let escaped = false;
  let objectStart = -1;
  let emitted = 0;
  let emittedBeforeList = 0;

  return {
    push(chunk: string): void {
      text += chunk;
      for (; scanned < text.length; scanned++) {
        const ch = text[scanned];
        if (inString) {
          if (escaped) escaped = false;
          else if (ch === '\\') escaped = true;
          else if (ch === '"') inString = false;
          continue;
        }
        if (ch === '"') inString = true;
        else if (ch === '[' || ch === '{') {
          depth++;
          if (ch === '[' && listDepth < 0) {
            listDepth = depth;
            emittedBeforeList = emitted;
          }
          // A bare object at the root may itself be the only verdict; track it like a list item.
          if (ch === '{' && (depth === listDepth + 1 || (listDepth < 0 && depth === 1))) objectStart = scanned;
        } else if (ch === ']' || ch === '}') {
          if (ch === '}' && objectStart >= 0 && (depth === listDepth + 1 || listDepth < 0)) {
            const candidate = text.slice(objectStart, scanned + 1);
            objectStart = -1;
            const verdict = parseObject(candidate);
            if (verdict !== undefined) onVerdict(emitted++, verdict);
          }
          // A list that closes without a verdict ("claims [1-5]" in prose, an error_type) was not the one.
          if (ch === ']' && depth === listDepth && emitted === emittedBeforeList) listDepth = -1;
          depth--;
        }
      }
    },
    /** How many verdicts were handed over so far. */
    get count(): number {
      return emitted;
    },
    get text(): string {
      return text;
    },
  };
}

/** undefined: not a verdict at all (a wrapper); null: a verdict-shaped object without a readable label. */
function parseObject(candidate: string): Verdict | null | undefined {
  let value: unknown;
  try {
    value = JSON.parse(candidate.replace(/\bTrue\b/g, 'true').replace(/\bFalse\b/g, 'false'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('label' in value || 'error_type' in value)) return undefined;
  return normalizeVerdict(value);
}
