// caption-check verify: one image, one caption (or claim list), a table or one JSON object.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { createClient } from '../verify/client';
import { guardKey } from './endpoint-key';
import { ENDPOINT_FLAGS, SCORE_FLAGS, languageFlag, samplesFlag, parseArgs, resolveEndpoint, stringFlag, UsageError, type FlagSpec } from './args';
import { applyCalibration, calibrationMismatch, decidedSummary, readCalibration } from './calibration-file';
import { checkItem, planClaims, UNSCORED_HINT, unverifiedCount, type ClaimSource } from './check-item';
import { VERIFY_HELP } from './help';
import { loadImage } from './image';
import { EXIT, warn, type CliIo } from './io';
import { asCheckError, cliMessage, debugDetail } from './messages';
import { formatClaimRow, formatResult, styleFor } from './table';

const FLAGS: FlagSpec = {
  ...ENDPOINT_FLAGS,
  ...SCORE_FLAGS,
  image: { type: 'string' },
  caption: { type: 'string' },
  'claims-file': { type: 'string' },
  'keep-all': { type: 'boolean' },
  lang: { type: 'string' },
  json: { type: 'boolean' },
  stream: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

const claimsFileSchema = z.array(z.string());

async function readClaimsFile(path: string, cwd: string): Promise<string[]> {
  const full = resolve(cwd, path);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch {
    throw new UsageError(`--claims-file ${full} cannot be read. Pass a file holding a JSON array of claim strings.`, 'verify');
  }
  let parsed: z.ZodSafeParseResult<string[]>;
  try {
    parsed = claimsFileSchema.safeParse(JSON.parse(text));
  } catch {
    throw new UsageError(`--claims-file ${full} is not JSON. It must hold a JSON array of claim strings, e.g. ["A dog.", "The sofa is red."].`, 'verify');
  }
  if (!parsed.success) throw new UsageError(`--claims-file ${full} must hold a JSON array of claim strings, e.g. ["A dog.", "The sofa is red."].`, 'verify');
  return parsed.data;
}

/** Runs `verify`; returns the exit code. */
export async function runVerify(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, FLAGS, 'verify');
  if (args.flags.help) {
    io.stdout.write(VERIFY_HELP);
    return EXIT.ok;
  }
  if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`, 'verify');
  const image = stringFlag(args, 'image');
  const caption = stringFlag(args, 'caption');
  const claimsFile = stringFlag(args, 'claims-file');
  if (!image) throw new UsageError('Missing --image <path|url>: the picture to check the caption against.', 'verify');
  if ((caption === undefined) === (claimsFile === undefined))
    throw new UsageError('Pass exactly one of --caption <text> or --claims-file <file>.', 'verify');
  if (args.flags['keep-all'] && claimsFile !== undefined)
    throw new UsageError('--keep-all goes with --caption: a --claims-file list is checked as given already.', 'verify');
  const lang = languageFlag(args, 'verify');
  if (lang && claimsFile !== undefined) throw new UsageError('--lang goes with --caption: a --claims-file list is not split.', 'verify');
  const endpoint = resolveEndpoint(args, io.env, 'verify', io.cwd);
  guardKey(io, endpoint);
  const json = args.flags.json === true;
  const stream = args.flags.stream === true;
  const calibrationPath = stringFlag(args, 'calibration');
  const calibration = calibrationPath === undefined ? null : readCalibration(calibrationPath, io.cwd, 'verify');
  const samples = samplesFlag(args, calibration?.score_kind, 'verify');
  const refused = calibration && calibrationMismatch(calibration, { model: endpoint.model });
  if (refused) throw new UsageError(refused, 'verify');
  const source: ClaimSource = claimsFile !== undefined ? { claims: await readClaimsFile(claimsFile, io.cwd) } : { caption: caption ?? '' };
  const style = styleFor(io.stdout, io.env);

  try {
    const planned = planClaims(source, { keepAll: args.flags['keep-all'] === true, locale: lang });
    const loaded = await loadImage(image, { baseDir: io.cwd, signal: io.signal });
    const client = createClient(endpoint, { timeoutMs: 120_000, maxRetries: 2 });
    const showRows = stream && !json;
    if (showRows) io.stderr.write(`Checking ${planned.claims.length} claim(s) with ${endpoint.model}…\n`);
    const checked = await checkItem({
      client,
      model: endpoint.model,
      planned,
      image: loaded,
      signal: io.signal,
      stream,
      samples,
      ...(calibration ? { scoreKind: calibration.score_kind } : {}),
      onVerdict: showRows ? (index, claim) => io.stdout.write(`${formatClaimRow(index, claim, style)}\n`) : undefined,
    });
    // The labels are printed either way; a calibration of another score kind only withholds "decided".
    const kindMismatch = calibration && calibrationMismatch(calibration, { model: endpoint.model, scoreKind: checked.score_kind });
    const result = calibration && !kindMismatch ? applyCalibration(checked, calibration) : checked;
    const missing = unverifiedCount(result);
    if (json) io.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      // Streamed rows came in arrival order; the claims left without a verdict are added after them.
      const rest = showRows ? result.claims.flatMap((c, i) => (c.label === null ? [formatClaimRow(i, c, style)] : [])) : [];
      if (rest.length) io.stdout.write(`${rest.join('\n')}\n`);
      io.stdout.write(`${formatResult(result, style, showRows)}\n`);
      if (calibration && !kindMismatch)
        io.stdout.write(`${decidedSummary(result.claims.filter((c) => c.decided).length, result.claims.length, calibration.alpha)}\n`);
      // A quiet line, not a warning: one request per check is the default, the score an option.
      if (result.score_kind === null && !calibration) io.stdout.write(`${style.dim(`Not scored: ${UNSCORED_HINT}`)}\n`);
    }
    if (kindMismatch) {
      warn(io, kindMismatch);
      return EXIT.failed;
    }
    if (missing > 0) {
      warn(io, `${missing} of ${result.claims.length} claims got no verdict. Retry, or pass a stronger model with --model.`);
      return EXIT.failed;
    }
    return EXIT.ok;
  } catch (error) {
    const checkError = asCheckError(error);
    if (io.signal.aborted || checkError.kind === 'aborted') {
      warn(io, 'Cancelled.');
      return EXIT.interrupted;
    }
    const message = cliMessage(checkError, endpoint);
    if (json) io.stdout.write(`${JSON.stringify({ error: { kind: checkError.kind, message } })}\n`);
    warn(io, message);
    if (io.env.CAPTION_CHECK_DEBUG) io.stderr.write(debugDetail(error));
    return EXIT.failed;
  }
}
