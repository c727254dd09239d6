// The --help text of each command: the contract people and scripts build on.
import { CALIBRATION_SAMPLES } from '../settings';

const ENDPOINT = `Endpoint (flags win over the environment):
  --base-url <url>    OpenAI-compatible base URL, e.g. http://localhost:11434/v1   [OPENAI_BASE_URL]
  --api-key <key>     API key, if the endpoint needs one                           [OPENAI_API_KEY]
  --api-key-file <f>  read the API key from the first line of a file instead       [OPENAI_API_KEY]
  --model <name>      a vision model the endpoint serves                           [CAPTION_CHECK_MODEL]`;

const SCORE = `Scores and calibration:
  --samples <k>          where the endpoint returns no logprobs, ask k answers (n = k, else k requests)
                         and score each claim by the share agreeing with the majority, 1–16 (default 1: no score,
                         one request per check; k ≥ 2 costs up to k + 1 requests per check of up to 12 claims)
  --calibration <file>   a calibration.json from caption-check calibrate for this model: each claim gains
                         "decided" (its score reaches the threshold of its verdict kind); labels are never hidden.
                         A calibration made with agreement scores needs them: without --samples, this calibration
                         needs ${CALIBRATION_SAMPLES} extra answers per check (up to ${CALIBRATION_SAMPLES + 1} requests per check)`;

const IMAGES = `Images: a file path or an http(s) URL (JPEG, PNG, GIF (first frame), WebP, AVIF, TIFF, SVG);
sent as a JPEG of at most 1024 px on the longest edge, like the extension does.`;

export const MAIN_HELP = `caption-check — check an AI's image description claim by claim against the image.

Usage:
  caption-check verify --image <path|url> (--caption <text> | --claims-file <file>) [--keep-all] [--lang <tag>] [--json] [--stream]
  caption-check split (--caption <text> | --jsonl) [--keep-all] [--lang <tag>] [--json]
  caption-check batch <in.jsonl> --out <out.jsonl> [--concurrency N] [--resume] [--keep-all]
  caption-check calibrate --input <items.jsonl> --results <results.jsonl> --out <calibration.json> [--alpha A] [--delta D]
  caption-check <command> --help
  caption-check --version

Exit codes: 0 every claim got a verdict · 1 the check failed or a claim got no verdict · 2 usage error.
`;

export const VERIFY_HELP = `caption-check verify — check one caption (or list of claims) against one image.

Usage:
  caption-check verify --image <path|url> (--caption <text> | --claims-file <file>) [--keep-all] [--lang <tag>] [--json] [--stream]

  --image <path|url>     the picture
  --caption <text>       the description; split on the device into claims (interpretation set aside)
  --keep-all             with --caption: set nothing aside, check every piece of the caption
  --lang <tag>           with --caption: its language (BCP 47, e.g. de); nothing is set aside unless it is English
  --claims-file <file>   a JSON array of claim strings, checked as given
  --json                 print exactly one JSON object on stdout:
                         {"claims":[{"text","label","reasoning","error_type","score"}],"set_aside":[{"text","reason"}],
                          "model","score_kind","usage":{"prompt_tokens","completion_tokens"},"notes":[…]}
                         score is in [0, 1] (null when unmeasured); score_kind is "logprob", "agreement" or null.
                         label is true/false, or null (reasoning null) for a claim that got no verdict.
                         If the check fails: {"error":{"kind","message"}} (and the message on stderr).
  --stream               stream the answer; the table shows each verdict as it arrives

${SCORE}

${ENDPOINT}

${IMAGES}

Exit codes: 0 every claim got a verdict · 1 the check failed or a claim got no verdict · 2 usage error.
`;

export const SPLIT_HELP = `caption-check split — the on-device split of a caption into checkable claims (no model involved).

Usage:
  caption-check split --caption <text> [--keep-all] [--lang <tag>] [--json]
  caption-check split --jsonl [--keep-all] [--lang <tag>] < captions.jsonl > claims.jsonl

  --caption <text>   split one caption; a list by default, one JSON object with --json
  --jsonl            read lines {"id","caption"} (optional "lang") on stdin; write one line per input:
                     {"id","claims":[{"text","start","end"}],"set_aside":[{"text","start","end","reason"}]}
                     start/end are offsets into the caption as given (caption.slice(start, end) === text).
                     A malformed line is reported on stderr with its line number; the rest go on; exit 1.
  --json             (with --caption) print {"claims":[…],"set_aside":[…]} as above
                     (plus "notes":[…] when the split says something, e.g. that the caption is not English)
  --keep-all         set nothing aside: every piece of the caption is a claim
  --lang <tag>       the captions' language (BCP 47, e.g. de, en-GB); the set-aside rules run only on English,
                     and only when the text looks English too. A line's own "lang" overrides it.
`;

export const BATCH_HELP = `caption-check batch — check a JSONL file of (image, caption) pairs, with progress, resume and metrics.

Usage:
  caption-check batch <in.jsonl> --out <out.jsonl> [--concurrency N] [--resume] [--keep-all] [endpoint flags]

Input, one JSON object per line (blank lines are skipped):
  {"id": "a1", "image": "images/a1.jpg", "caption": "A dog on a red sofa."}
  {"id": "a2", "image": "https://example.com/a2.png", "claims": ["A dog.", "The sofa is red."]}
  id        a string or a number, unique in the file
  image     a path relative to the input file's folder, or an http(s) URL
  caption   split on the device into claims, like verify --caption      (give caption or claims)
  claims    a list of claim strings, checked as given
  lang      optional, with caption: its language (BCP 47, e.g. "de"); nothing is set aside unless it is English
Optional gold labels (for the metrics in the summary), one per claim in claim order:
  "labels": [true, false]                      or the alias "gold": [true, false]
  "error_types": [[], ["Object", "Attribute"]]  per claim, beside "labels"/"gold" (case and spelling are forgiving)
  "gold": [{"label": true}, {"label": false, "error_type": ["Quantitative"]}]   (objects, same meaning)
  With a caption, labels line up with the claims of the on-device split (see caption-check split);
  an item whose claim count differs is left out of the metrics, with a note.

Output, one line per item, written as soon as it finishes (so not in input order):
  {"id","claims":[{"text","label","reasoning","error_type","score"}],"set_aside":[…],"model","score_kind","usage","notes"}
  (with --calibration each claim also has "decided")
  {"id","error":{"kind","message"}}       when that item failed (image, caption, model answer, …)
A malformed input line or a repeated id is reported on stderr by line number and not written, so
fixing it and running again with --resume picks it up. A failure of the endpoint itself (key, model,
base URL) stops the run without writing the items left. Without --resume the output file is replaced.

  --out <file>          where results go (required)
  --concurrency <N>     items checked at once, 1–64 (default 4)
  --resume              append to --out, skipping ids already in it (failed ones too: delete their lines to retry)
  --keep-all            split captions without setting anything aside (every piece is checked)

${SCORE}

${ENDPOINT}

Progress goes to stderr (a bar on a terminal, a line every few items otherwise), then a summary:
items, claims, failures, time; with gold labels, accuracy, precision/recall of finding false claims
and per-error-type precision/recall. Ctrl-C stops cleanly: finished items stay, --resume continues.
Exit codes: 0 every item checked and every claim got a verdict · 1 otherwise · 2 usage error · 130 interrupted.
`;

export const CALIBRATE_HELP = `caption-check calibrate — find, per verdict kind, the score above which verdicts meet an error rate.

Usage:
  caption-check calibrate --input <items.jsonl> --results <results.jsonl> --out <calibration.json> [--alpha 0.1] [--delta 0.1]

  --input <file>      a batch input with gold "labels" (or "gold") per claim
  --results <file>    the batch output for it (same ids), with "score" and "score_kind"
  --alpha <a>         the error rate allowed among decided verdicts (default 0.1)
  --delta <d>         the chance the guarantee may fail over the calibration draw (default 0.1)
  --out <file>        where calibration.json goes
  --base-url <url>    recorded as endpoint_host (default: OPENAI_BASE_URL)

For "Supported" and "Not supported" verdicts separately, finds the lowest threshold such that among
verdicts scoring at or above it at most alpha are wrong, with probability at least 1 − delta (each kind
at delta/2), assuming later claims are like the calibration claims (Learn-then-Test, fixed-sequence
testing from the threshold that keeps 10% of claims, exact binomial p-values). Prints per kind the
threshold, the share decided and the error above it, a reliability table and the Brier score.
Exit codes: 0 written · 1 too few labelled claims for the target (the message says how many) · 2 usage error.
`;
