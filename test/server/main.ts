// Starts the stand-in model server for manual use and benchmarks:
//   npx tsx test/server/main.ts --port 8787 [--pace-tps 40 --ttft-ms 300] [--output fenced] [--model a,b]
//     [--api-key KEY] [--reject-json-schema] [--reject-streaming] [--reject-images] [--reject-extension-origins]
//     [--false-when "dog=Object"] [--welcome-samples] [--lenient]
// --welcome-samples answers the welcome page's samples as their pictures are (test/server/welcome-samples.ts).
import { parseArgs } from 'node:util';
import { welcomeSampleRules } from './welcome-samples';
import { OUTPUT_SHAPES, startModelServer, type FalseRule, type ModelServerOptions, type OutputShape } from './openai-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'pace-tps': { type: 'string' },
    'ttft-ms': { type: 'string' },
    'delay-ms': { type: 'string' },
    output: { type: 'string', default: 'clean' },
    model: { type: 'string', multiple: true },
    'api-key': { type: 'string' },
    'false-when': { type: 'string', multiple: true },
    'welcome-samples': { type: 'boolean' },
    'reject-json-schema': { type: 'boolean' },
    'reject-json-object': { type: 'boolean' },
    'reject-streaming': { type: 'boolean' },
    'reject-images': { type: 'boolean' },
    'reject-extension-origins': { type: 'boolean' },
    logprobs: { type: 'boolean' },
    lenient: { type: 'boolean' },
    verbose: { type: 'boolean' },
  },
});

function number(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number ≥ 0, got "${text}"`);
  return value;
}

function shape(text: string): OutputShape {
  const found = OUTPUT_SHAPES.find((s) => s === text);
  if (!found) throw new Error(`--output must be one of ${OUTPUT_SHAPES.join(', ')}`);
  return found;
}

// "--false-when dog=Object,Quantitative": claims containing "dog" are false with those error types.
function falseRule(text: string): FalseRule {
  const [match = '', types = 'Object'] = text.split('=');
  return { match, error_type: types.split(',').filter(Boolean) };
}

const tps = number('pace-tps', values['pace-tps']);
const options: ModelServerOptions = {
  port: number('port', values.port) ?? 8787,
  host: values.host,
  output: shape(values.output),
  delayMs: number('delay-ms', values['delay-ms']) ?? 0,
  pace: tps ? { tokensPerSecond: tps, firstTokenMs: number('ttft-ms', values['ttft-ms']) ?? 0 } : null,
  strict: !values.lenient,
  rejectJsonSchema: Boolean(values['reject-json-schema']),
  rejectJsonObject: Boolean(values['reject-json-object']),
  rejectStreaming: Boolean(values['reject-streaming']),
  rejectImages: Boolean(values['reject-images']),
  rejectExtensionOrigins: Boolean(values['reject-extension-origins']),
  logprobs: Boolean(values.logprobs),
  falseWhen: [...(values['false-when'] ?? []).map(falseRule), ...(values['welcome-samples'] ? welcomeSampleRules() : [])],
  ...(values.model ? { models: values.model.flatMap((m) => m.split(',')) } : {}),
  ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
};

const server = await startModelServer(options);
let logged = 0;
const timer = values.verbose
  ? setInterval(() => {
      for (const r of server.requests.slice(logged)) {
        if (r.endedAt === null) break;
        logged++;
        const problems = r.problems.length ? ` problems: ${r.problems.join('; ')}` : '';
        console.error(`${r.method} ${r.path} → ${r.status} (${r.endedAt - r.at} ms, ${r.claims.length} claims)${problems}`);
      }
    }, 200)
  : null;
console.log(server.baseUrl);

const stop = () => {
  if (timer) clearInterval(timer);
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
