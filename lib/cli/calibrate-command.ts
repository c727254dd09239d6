// caption-check calibrate: pairs a labelled batch input with its batch output, finds per verdict kind
// the score threshold that meets the asked error rate (Learn-then-Test), writes calibration.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { calibrate, claimsNeededPerKind, type Calibration, type LabelledClaim } from '../calibrate/calibration';
import { PROMPT_VERSION } from '../verify/prompt';
import { scoreKindSchema, type ScoreKind } from '../verify/score';
import { parseArgs, stringFlag, UsageError, type FlagSpec } from './args';
import { readBatchInput, isFolder } from './batch-files';
import { idKey } from './batch-input';
import { CALIBRATE_HELP } from './help';
import { EXIT, warn, type CliIo } from './io';
import { formatCalibration } from './calibrate-report';

const FLAGS: FlagSpec = {
  input: { type: 'string' },
  results: { type: 'string' },
  alpha: { type: 'string' },
  delta: { type: 'string' },
  out: { type: 'string', short: 'o' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

/** What calibrate needs of a batch output line; lines without scores (older runs, failed items) are skipped. */
const resultLineSchema = z.object({
  id: z.union([z.string().min(1), z.number()]),
  model: z.string(),
  score_kind: scoreKindSchema.nullable(),
  claims: z.array(z.object({ label: z.boolean().nullable(), score: z.number().min(0).max(1).nullable() })),
});

function rateFlag(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0 && value < 1)) throw new UsageError(`--${name} needs a number between 0 and 1 (exclusive), e.g. 0.1; got "${text}".`, 'calibrate');
  return value;
}

function readText(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`--${flag} ${path} cannot be read.`, 'calibrate');
  }
}

interface Paired {
  claims: LabelledClaim[];
  model: string | null;
  scoreKind: ScoreKind | null;
  notes: string[];
}

/** Labelled, scored claims from the input (gold) and results (verdicts, scores) files, paired by id. */
export function pairClaims(inputText: string, resultsText: string): Paired {
  const { items, problems } = readBatchInput(inputText);
  const notes = problems.map((p) => `input line ${p.line}: ${p.message}; left out.`);
  const gold = new Map(items.flatMap((item) => (item.gold ? [[item.key, item.gold] as const] : [])));
  const byKind = new Map<ScoreKind, { claims: LabelledClaim[]; models: Set<string> }>();
  let unscored = 0;
  let mismatched = 0;
  for (const raw of resultsText.split('\n')) {
    if (!raw.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      continue;
    }
    const line = resultLineSchema.safeParse(json);
    if (!line.success) continue;
    const labels = gold.get(idKey(line.data.id));
    if (!labels) continue;
    if (labels.length !== line.data.claims.length) {
      mismatched++;
      continue;
    }
    const kind = line.data.score_kind;
    if (kind === null) {
      unscored++;
      continue;
    }
    const group = byKind.get(kind) ?? { claims: [], models: new Set<string>() };
    byKind.set(kind, group);
    group.models.add(line.data.model);
    line.data.claims.forEach((c, i) => {
      if (c.label !== null && c.score !== null) group.claims.push({ label: c.label, score: c.score, gold: labels[i]!.label });
    });
  }
  if (unscored) notes.push(`${unscored} result line(s) have no scores (run batch again with logprobs or --samples ≥ 2); left out.`);
  if (mismatched) notes.push(`${mismatched} result line(s) have a different claim count than their gold labels; left out.`);
  // One calibration is for one score kind: the kind most claims have wins, the others are named.
  const [kind, group] = [...byKind].sort((a, b) => b[1].claims.length - a[1].claims.length)[0] ?? [null, null];
  for (const [other, g] of byKind) if (other !== kind) notes.push(`${g.claims.length} claim(s) scored by ${other} left out: one calibration is for one score kind.`);
  if (group && group.models.size > 1) throw new UsageError(`The results mix models (${[...group.models].join(', ')}): calibrate one model at a time.`, 'calibrate');
  return { claims: group?.claims ?? [], model: group ? [...group.models][0]! : null, scoreKind: kind, notes };
}

function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '';
  try {
    return new URL(baseUrl).host;
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}".`, 'calibrate');
  }
}

/** Runs `calibrate`; returns the exit code. */
export async function runCalibrate(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, FLAGS, 'calibrate');
  if (args.flags.help) {
    io.stdout.write(CALIBRATE_HELP);
    return EXIT.ok;
  }
  if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`, 'calibrate');
  const input = stringFlag(args, 'input');
  const results = stringFlag(args, 'results');
  const out = stringFlag(args, 'out');
  if (!input) throw new UsageError('Missing --input <items.jsonl>: the batch input with gold "labels".', 'calibrate');
  if (!results) throw new UsageError('Missing --results <results.jsonl>: the batch output for that input.', 'calibrate');
  if (!out) throw new UsageError('Missing --out <calibration.json>: where the calibration goes.', 'calibrate');
  const alpha = rateFlag(stringFlag(args, 'alpha'), 'alpha', 0.1);
  const delta = rateFlag(stringFlag(args, 'delta'), 'delta', 0.1);
  const outPath = resolve(io.cwd, out);
  if (!isFolder(dirname(outPath))) throw new UsageError(`--out ${outPath}: the folder does not exist.`, 'calibrate');
  const endpointHost = hostOf(stringFlag(args, 'base-url') ?? io.env.OPENAI_BASE_URL);

  const paired = pairClaims(readText(resolve(io.cwd, input), 'input'), readText(resolve(io.cwd, results), 'results'));
  for (const note of paired.notes) warn(io, note);
  const needed = claimsNeededPerKind(alpha, delta);
  const supported = paired.claims.filter((c) => c.label).length;
  const notSupported = paired.claims.length - supported;
  if (!paired.model || !paired.scoreKind || (supported < needed && notSupported < needed)) {
    warn(
      io,
      `Too few labelled, scored claims for alpha ${alpha} and delta ${delta}: ${supported} "Supported" and ${notSupported} "Not supported" verdicts. ` +
        `At least ${needed} of one verdict kind are needed (${needed * 2} labelled claims for both); label more claims, or ask for a larger alpha or delta.`,
    );
    return EXIT.failed;
  }
  const calibration: Calibration = calibrate(paired.claims, {
    alpha,
    delta,
    model: paired.model,
    endpointHost,
    promptVersion: PROMPT_VERSION,
    scoreKind: paired.scoreKind,
  });
  writeFileSync(outPath, `${JSON.stringify(calibration, null, 2)}\n`);
  io.stdout.write(`${formatCalibration(calibration, needed).join('\n')}\nWrote ${outPath}\n`);
  return EXIT.ok;
}
