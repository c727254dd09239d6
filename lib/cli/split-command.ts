// caption-check split: the on-device split, for one caption or a JSONL stream of them.
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { languageTag } from '../claims/language';
import { splitCaption, type SplitOptions } from '../claims/split';
import { MAX_CAPTION_CHARS } from '../check-lifecycle';
import { languageFlag, parseArgs, stringFlag, UsageError, type FlagSpec } from './args';
import { SPLIT_HELP } from './help';
import { parseJsonLine } from './jsonl';
import { EXIT, warn, type CliIo } from './io';

const FLAGS: FlagSpec = {
  caption: { type: 'string' },
  jsonl: { type: 'boolean' },
  'keep-all': { type: 'boolean' },
  lang: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export interface SplitOutput {
  claims: { text: string; start: number; end: number }[];
  set_aside: { text: string; start: number; end: number; reason: string }[];
  notes?: string[];
}

/** The split in the CLI's JSON shape; offsets index the caption as given (only capped, never trimmed). */
export function splitForOutput(caption: string, options: SplitOptions = {}): SplitOutput {
  const split = splitCaption(caption.slice(0, MAX_CAPTION_CHARS), options);
  return {
    claims: split.claims.map(({ text, start, end }) => ({ text, start, end })),
    set_aside: split.setAside.map(({ text, start, end, reason }) => ({ text, start, end, reason })),
    ...(split.notes?.length ? { notes: split.notes } : {}),
  };
}

const splitLineSchema = z.object({
  id: z.union([z.string(), z.number()]),
  caption: z.string(),
  lang: z.string().refine((tag) => languageTag(tag) !== undefined).optional(),
});

/** One JSONL input line as an output line; throws with what is wrong with it. */
export function splitLine(text: string, options: SplitOptions = {}): string {
  const { id, caption, lang } = parseJsonLine(text, splitLineSchema, () => 'expected {"id": string or number, "caption": string, optional "lang": a language tag}');
  // The line's own language is more particular than --lang.
  return JSON.stringify({ id, ...splitForOutput(caption, lang ? { ...options, locale: lang } : options) });
}

async function runJsonl(io: CliIo, options: SplitOptions): Promise<number> {
  let lineNumber = 0;
  let bad = 0;
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  io.signal.addEventListener('abort', () => lines.close(), { once: true });
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      io.stdout.write(`${splitLine(line, options)}\n`);
    } catch (error) {
      bad++;
      warn(io, `line ${lineNumber}: ${(error as Error).message}; skipped.`);
    }
  }
  if (bad) warn(io, `${bad} malformed line(s) skipped. Each line must be {"id": …, "caption": "…"}.`);
  return bad ? EXIT.failed : EXIT.ok;
}

/** Runs `split`; returns the exit code. */
export async function runSplit(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, FLAGS, 'split');
  if (args.flags.help) {
    io.stdout.write(SPLIT_HELP);
    return EXIT.ok;
  }
  if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`, 'split');
  const caption = stringFlag(args, 'caption');
  const jsonl = args.flags.jsonl === true;
  const options: SplitOptions = { keepAll: args.flags['keep-all'] === true, locale: languageFlag(args, 'split') };
  if ((caption === undefined) === !jsonl) throw new UsageError('Pass exactly one of --caption <text> or --jsonl (lines on stdin).', 'split');
  if (jsonl) {
    if (args.flags.json) throw new UsageError('--json goes with --caption; --jsonl output is JSON already.', 'split');
    return runJsonl(io, options);
  }
  const result = splitForOutput(caption ?? '', options);
  if (args.flags.json) {
    io.stdout.write(`${JSON.stringify(result)}\n`);
    return EXIT.ok;
  }
  const lines = [`${result.claims.length} claim(s):`, ...result.claims.map((c, i) => `${String(i + 1).padStart(3)}. ${c.text}`)];
  if (result.set_aside.length)
    lines.push('', `Set aside (${result.set_aside.length}, not checked):`, ...result.set_aside.map((s) => `    - "${s.text}" (${s.reason})`));
  if (result.set_aside.length) lines.push('    (pass --keep-all to check them too)');
  for (const note of result.notes ?? []) lines.push('', note);
  io.stdout.write(`${lines.join('\n')}\n`);
  return EXIT.ok;
}
