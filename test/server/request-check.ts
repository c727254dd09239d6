// Reads a chat request the way the model would, and lists where it breaks the seed-prompt contract.
import sharp from 'sharp';
import { buildUserPrompt, SYSTEM_PROMPT, USER_PROMPT_TEMPLATE } from '../../lib/verify/prompt';
import { contentText, isRecord, type ChatBody } from './behavior';
import type { FormatMode } from './answer';

export interface RecordedImage {
  mimeType: string;
  width: number;
  height: number;
  /** Decoded bytes, not base64 characters. */
  byteLength: number;
}

export interface CheckedRequest {
  /** True for requests that look like a verification (seed system prompt, claim list or an image). */
  verification: boolean;
  claims: string[];
  image: RecordedImage | null;
  mode: FormatMode;
  problems: string[];
}

const [USER_PREFIX = '', USER_SUFFIX = ''] = USER_PROMPT_TEMPLATE.split('{claims}');
const CLAIM_LINE = /^(\d+)\. (.*)$/;
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The numbered claims (`N. claim` lines) of a user text built from the seed's User part. */
export function parseClaimList(userText: string): string[] {
  const start = userText.indexOf(USER_PREFIX);
  const end = userText.lastIndexOf(USER_SUFFIX);
  const middle = start >= 0 && end > start ? userText.slice(start + USER_PREFIX.length, end) : userText;
  return middle
    .split('\n')
    .map((line) => CLAIM_LINE.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => match[2]!);
}

function formatMode(body: ChatBody, problems: string[]): FormatMode {
  const format = body.response_format;
  if (format === undefined || format === null) return 'none';
  if (!isRecord(format)) {
    problems.push('response_format is not an object');
    return 'none';
  }
  if (format.type === 'json_object') return 'json_object';
  if (format.type === 'text') return 'none';
  if (format.type === 'json_schema') {
    const spec = format.json_schema;
    if (!isRecord(spec) || typeof spec.name !== 'string' || !isRecord(spec.schema))
      problems.push('response_format.json_schema needs a name and a schema object');
    else if (spec.strict !== true) problems.push('response_format.json_schema.strict is not true');
    return 'json_schema';
  }
  problems.push(`response_format.type "${String(format.type)}" is unknown`);
  return 'none';
}

async function readImage(url: string, problems: string[]): Promise<RecordedImage | null> {
  const match = DATA_URL.exec(url);
  if (!match) {
    problems.push('the image_url is not a data:image/…;base64, URL');
    return null;
  }
  const bytes = Buffer.from(match[2]!, 'base64');
  try {
    const { width, height, format } = await sharp(bytes).metadata();
    if (!width || !height) throw new Error('no size');
    const declared = match[1]!.replace('image/', '').replace('jpg', 'jpeg');
    if (format && declared !== format && !(format === 'heif' && declared === 'avif'))
      problems.push(`the data URL says ${match[1]} but the bytes are ${format}`);
    return { mimeType: match[1]!, width, height, byteLength: bytes.byteLength };
  } catch {
    problems.push('the image data does not decode');
    return { mimeType: match[1]!, width: 0, height: 0, byteLength: bytes.byteLength };
  }
}

/** Checks a chat request against what a client of the seed prompt must send; text-only requests pass through. */
export async function checkChatRequest(body: ChatBody): Promise<CheckedRequest> {
  const problems: string[] = [];
  const mode = formatMode(body, problems);
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : null;
  if (!messages) return { verification: false, claims: [], image: null, mode, problems: ['messages is not an array'] };

  const system = messages.filter((m) => isRecord(m) && (m.role === 'system' || m.role === 'developer'));
  const users = messages.filter((m) => isRecord(m) && m.role === 'user');
  const parts = users.flatMap((m) => (isRecord(m) && Array.isArray(m.content) ? (m.content as unknown[]) : []));
  const imageParts = parts.filter((p) => isRecord(p) && p.type === 'image_url');
  const userText = users.map((m) => (isRecord(m) ? contentText(m.content) : '')).join('\n');
  const systemText = system.map((m) => (isRecord(m) ? contentText(m.content) : ''));

  const verification = imageParts.length > 0 || systemText.includes(SYSTEM_PROMPT) || userText.includes(USER_PREFIX);
  if (!verification) return { verification, claims: [], image: null, mode, problems };

  if (typeof body.model !== 'string' || !body.model) problems.push('model is missing');
  // A verdict is asked greedily (temperature 0); only a sampling request, which names `n`, may set it above.
  if (body.n !== undefined) {
    if (typeof body.n !== 'number' || !Number.isInteger(body.n) || body.n < 1) problems.push(`n is ${JSON.stringify(body.n)}, not a whole number ≥ 1`);
    if (typeof body.temperature !== 'number' || body.temperature <= 0 || body.temperature > 2)
      problems.push(`temperature is ${JSON.stringify(body.temperature)}, not in (0, 2] for a sampling request`);
    if (body.stream === true) problems.push('a sampling request (n) is streamed');
  } else if (body.temperature !== 0) problems.push(`temperature is ${JSON.stringify(body.temperature)}, not 0`);
  if (body.stream !== undefined && typeof body.stream !== 'boolean') problems.push('stream is not a boolean');
  if (body.stream_options !== undefined && body.stream !== true) problems.push('stream_options without stream: true');
  if (messages.length !== 2 || system.length !== 1 || users.length !== 1 || messages[0] !== system[0])
    problems.push('messages are not exactly [system, user]');
  if (systemText[0] !== SYSTEM_PROMPT) problems.push('the system message is not the seed System part verbatim');

  const user = users[0];
  const textParts = parts.filter((p) => isRecord(p) && p.type === 'text');
  if (!isRecord(user) || !Array.isArray(user.content)) problems.push('the user content is not a list of parts');
  else if (textParts.length !== 1 || parts.length !== 2) problems.push('the user content is not one text part and one image part');

  const claims = parseClaimList(userText);
  if (claims.length === 0) problems.push('the user text has no numbered claim');
  else if (userText !== buildUserPrompt(claims)) problems.push('the user text is not the seed User part with {claims} replaced');

  let image: RecordedImage | null = null;
  if (imageParts.length !== 1) problems.push(`${imageParts.length} image parts, not exactly one`);
  const imagePart = imageParts[0];
  if (isRecord(imagePart)) {
    const url = isRecord(imagePart.image_url) ? imagePart.image_url.url : undefined;
    if (typeof url === 'string') image = await readImage(url, problems);
    else problems.push('the image part has no image_url.url');
  }
  return { verification, claims, image, mode, problems };
}
