// The check OpenAI runs on a batch input file before it starts, line by line: JSON, a unique
// custom_id, POST to the batch's endpoint, a body with a model; and the most requests a file may hold.
import { isRecord } from './behavior';

/** One request line that passed. */
export interface BatchRequest {
  custom_id: string;
  body: unknown;
}

/** One entry of a failed batch's `errors.data`. */
export interface ValidationError {
  code: string;
  message: string;
  line: number | null;
  param: string | null;
}

/** The requests of a file, or the errors that fail its batch (each naming its 1-based line). */
export function validateRequestFile(text: string, endpoint: string, maxRequests: number): { requests: BatchRequest[]; errors: ValidationError[] } {
  const lines = text.split('\n').filter((l) => l.trim());
  const seen = new Set<string>();
  const requests: BatchRequest[] = [];
  const errors: ValidationError[] = [];
  lines.forEach((raw, i) => {
    const problem = (code: string, message: string) => errors.push({ code, message, line: i + 1, param: null });
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      return problem('invalid_json_line', 'This line is not parseable as valid JSON.');
    }
    if (!isRecord(line) || typeof line.custom_id !== 'string' || !line.custom_id) return problem('missing_required_parameter', 'custom_id is missing.');
    if (seen.has(line.custom_id)) return problem('duplicate_custom_id', 'The custom_id for this request is a duplicate of another request.');
    seen.add(line.custom_id);
    if (line.method !== 'POST') return problem('invalid_method', 'The method must be POST.');
    if (line.url !== endpoint) return problem('mismatched_endpoint', `The url must match the batch endpoint ${endpoint}.`);
    if (!isRecord(line.body) || typeof line.body.model !== 'string') return problem('invalid_request', 'body.model is missing.');
    requests.push({ custom_id: line.custom_id, body: line.body });
  });
  if (lines.length > maxRequests)
    errors.push({ code: 'too_many_requests', message: `The file has ${lines.length} requests; at most ${maxRequests}.`, line: null, param: null });
  return { requests, errors };
}
