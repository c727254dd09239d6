// Argument parsing for the caption-check command: small and strict, so every mistake gets a line
// that names the flag to pass (exit code 2), instead of a guess.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { languageTag } from '../claims/language';
import { DEFAULT_SAMPLES, MAX_SAMPLES, samplesFor } from '../settings';
import type { ScoreKind } from '../verify/schema';

/** A mistake in how the command was called; main prints its message and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command whose --help to point at. */
    readonly command: string | null = null,
  ) {
    super(message);
  }
}

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * Parses `--name value`, `--name=value`, boolean `--name`, short aliases and `--` (everything after is
 * positional). Unknown flags, missing values and repeated flags are usage errors.
 */
export function parseArgs(argv: readonly string[], spec: FlagSpec, command: string | null = null): ParsedArgs {
  const flags: ParsedArgs['flags'] = {};
  const positionals: string[] = [];
  const byShort = new Map(Object.entries(spec).flatMap(([name, s]) => (s.short ? [[s.short, name] as const] : [])));
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (token.startsWith('--')) {
      const eq = token.indexOf('=');
      name = eq >= 0 ? token.slice(2, eq) : token.slice(2);
      inline = eq >= 0 ? token.slice(eq + 1) : undefined;
    } else if (/^-[a-zA-Z]$/.test(token)) {
      name = byShort.get(token.slice(1));
      if (!name) throw new UsageError(`Unknown option ${token}.`, command);
    } else {
      positionals.push(token);
      continue;
    }
    const flag = spec[name];
    if (!flag) throw new UsageError(`Unknown option --${name}.`, command);
    if (flags[name] !== undefined) throw new UsageError(`--${name} was given more than once.`, command);
    if (flag.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`, command);
      flags[name] = true;
      continue;
    }
    if (inline !== undefined) {
      flags[name] = inline;
      continue;
    }
    const next = argv[i + 1];
    // "--caption --json" is a forgotten value, not a caption; "--caption=--json" says otherwise.
    if (next === undefined || (next.startsWith('--') && next.length > 2))
      throw new UsageError(`--${name} needs a value.`, command);
    flags[name] = next;
    i++;
  }
  return { flags, positionals };
}

/** The value of a string flag (parseArgs guarantees the type). */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags[name];
  return typeof value === 'string' ? value : undefined;
}

/** `--lang`: a language tag Intl can read, canonical ("DE-ch" → "de-CH"), or undefined when not given. */
export function languageFlag(args: ParsedArgs, command: string): string | undefined {
  const text = stringFlag(args, 'lang');
  if (text === undefined) return undefined;
  const tag = languageTag(text);
  if (!tag) throw new UsageError(`--lang needs a language tag such as de, fr or en-GB, got "${text}".`, command);
  return tag;
}

/** A positive whole number flag within [min, max]. */
export function intFlag(args: ParsedArgs, name: string, fallback: number, min: number, max: number, command: string): number {
  const text = stringFlag(args, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max)
    throw new UsageError(`--${name} needs a whole number from ${min} to ${max}, got "${text}".`, command);
  return value;
}

export interface Endpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** Environment variables read for the endpoint; flags win over them. */
export const ENDPOINT_ENV = { baseUrl: 'OPENAI_BASE_URL', apiKey: 'OPENAI_API_KEY', model: 'CAPTION_CHECK_MODEL' } as const;

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The key from `--api-key`, else `--api-key-file` (first line, trimmed); undefined when neither is
 * passed. A key file keeps the key out of shell history and the process list. Both flags: a usage error.
 */
export function keyFromFlags(args: ParsedArgs, cwd: string, command: string): string | undefined {
  const inline = stringFlag(args, 'api-key');
  const file = stringFlag(args, 'api-key-file');
  if (inline !== undefined && file !== undefined) throw new UsageError('Pass either --api-key or --api-key-file, not both.', command);
  if (file === undefined) return inline;
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`--api-key-file ${path} cannot be read.`, command);
  }
  const key = text.split(/\r?\n/, 1)[0]!.trim();
  if (!key) throw new UsageError(`--api-key-file ${path} is empty; put the key on its first line.`, command);
  return key;
}

/**
 * The endpoint from --base-url/--api-key (or --api-key-file, read relative to `cwd`)/--model, else the
 * environment; a missing base URL or model is a usage error.
 */
export function resolveEndpoint(args: ParsedArgs, env: Record<string, string | undefined>, command: string, cwd = '.'): Endpoint {
  const baseUrl = nonEmpty(stringFlag(args, 'base-url')) ?? nonEmpty(env[ENDPOINT_ENV.baseUrl]);
  const model = nonEmpty(stringFlag(args, 'model')) ?? nonEmpty(env[ENDPOINT_ENV.model]);
  // An explicit empty --api-key means "no key" (a local server), so it is not replaced by the environment.
  const apiKey = keyFromFlags(args, cwd, command) ?? nonEmpty(env[ENDPOINT_ENV.apiKey]) ?? '';
  if (!baseUrl)
    throw new UsageError(
      `No model endpoint: pass --base-url <url> or set ${ENDPOINT_ENV.baseUrl} (e.g. http://localhost:11434/v1).`,
      command,
    );
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}".`, command);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}".`, command);
  if (!model) throw new UsageError(`No model: pass --model <name> or set ${ENDPOINT_ENV.model}.`, command);
  return { baseUrl, apiKey: apiKey.trim(), model };
}

/** Flags every command that talks to a model accepts. */
export const ENDPOINT_FLAGS: FlagSpec = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'api-key-file': { type: 'string' },
  model: { type: 'string' },
};

/**
 * --samples k: 1 (no agreement score, one request per check) unless given; without it, a calibration made
 * with agreement scores asks for the samples it needs. A k given is used as given (the calibration then
 * says whether the scores suit it).
 */
export function samplesFlag(args: ParsedArgs, calibrationKind: ScoreKind | undefined, command: string): number {
  const k = intFlag(args, 'samples', DEFAULT_SAMPLES, 1, MAX_SAMPLES, command);
  return stringFlag(args, 'samples') === undefined ? samplesFor(k, calibrationKind) : k;
}

/** Flags of the commands that score verdicts: k samples for an agreement score, and a calibration to apply. */
export const SCORE_FLAGS: FlagSpec = {
  samples: { type: 'string' },
  calibration: { type: 'string' },
};
