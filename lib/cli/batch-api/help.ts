// The --help text of the batch-engine routes, appended to batch's own.

export const BATCH_API_HELP = `
Through a batch engine (same requests, same parser, same output lines as above):
  caption-check batch <in.jsonl> --out <out.jsonl> --via openai-batch [--poll 30s] [--window 24h] [--cancel] [--keep-all]
  caption-check batch <in.jsonl> --emit-requests <requests.jsonl> --model <name> [--keep-all]
  caption-check batch <in.jsonl> --ingest <responses.jsonl> --out <out.jsonl> [--keep-all] [endpoint flags to retry online]

  --via openai-batch       upload request files to the endpoint's Files API and run them as batches (half price,
                           answers within --window). Every file and batch id is saved in <out>.batch.json before
                           waiting: after Ctrl-C or a crash, the same command resumes and submits nothing twice.
  --poll <duration>        how often to ask for progress (default 30s)
  --window <hours>         completion window (default 24h, the only one OpenAI offers today)
  --cancel                 cancel the open batches of the run recorded beside --out
  --emit-requests <file>   write the Batch API request file only (for vllm run-batch or any engine that reads it)
  --ingest <file>          read an engine's output file (and error lines) back into results
  --keep-all               set nothing aside, as online. Requests are matched to answers by their claims: pass it
                           to --ingest exactly when --emit-requests had it, and to every rerun of a --via run
  --retry-online           (default) items whose answer failed, expired or lacked a verdict are checked online
  --no-retry-online        list them in <out>.pending.jsonl instead, for a later run with --resume
  --output-mode <mode>     json_schema (default), json_object or prompt: how requests ask for JSON
  --no-logprobs            leave logprobs out of the requests (for engines that reject them)
  --max-file-requests <N>  requests per uploaded file (default and most 50000; files also stay under 200 MB)
`;
