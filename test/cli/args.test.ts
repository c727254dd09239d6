// The pure helpers of the CLI: argument parsing and endpoint resolution.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_FLAGS, intFlag, parseArgs, resolveEndpoint, UsageError, type FlagSpec } from '../../lib/cli/args';

const SPEC: FlagSpec = {
  ...ENDPOINT_FLAGS,
  image: { type: 'string' },
  caption: { type: 'string' },
  json: { type: 'boolean' },
  concurrency: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
};

describe('parseArgs', () => {
  it.each([
    [['--image', 'a.jpg', '--json'], { image: 'a.jpg', json: true }, []],
    [['--image=a.jpg'], { image: 'a.jpg' }, []],
    [['--caption=--odd but wanted'], { caption: '--odd but wanted' }, []],
    [['--caption', '-a dash first'], { caption: '-a dash first' }, []],
    [['--caption', ''], { caption: '' }, []],
    [['in.jsonl', '-c', '8'], { concurrency: '8' }, ['in.jsonl']],
    [['-h'], { help: true }, []],
    [['--json', '--', '--image', 'x'], { json: true }, ['--image', 'x']],
  ])('%j', (argv, flags, positionals) => {
    expect(parseArgs(argv, SPEC)).toEqual({ flags, positionals });
  });

  it.each([
    [['--colour'], 'Unknown option --colour.'],
    [['-x'], 'Unknown option -x.'],
    [['--image'], '--image needs a value.'],
    [['--caption', '--json'], '--caption needs a value.'],
    [['--json=yes'], '--json takes no value.'],
    [['--image', 'a', '--image', 'b'], '--image was given more than once.'],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseArgs(argv, SPEC, 'verify')).toThrow(new UsageError(message, 'verify'));
  });
});

describe('intFlag', () => {
  const args = (value: string) => parseArgs(['--concurrency', value], SPEC);
  it.each([
    ['1', 1],
    ['8', 8],
    [' 64', 64],
  ])('%j → %i', (value, expected) => {
    expect(intFlag(args(value), 'concurrency', 4, 1, 64, 'batch')).toBe(expected);
  });
  it.each(['0', '65', '2.5', 'eight', '-1', ''])('%j is refused', (value) => {
    expect(() => intFlag(args(value), 'concurrency', 4, 1, 64, 'batch')).toThrow(/--concurrency needs a whole number from 1 to 64/);
  });
  it('falls back when absent', () => {
    expect(intFlag(parseArgs([], SPEC), 'concurrency', 4, 1, 64, 'batch')).toBe(4);
  });
});

describe('resolveEndpoint', () => {
  const ENV = { OPENAI_BASE_URL: 'http://env/v1', OPENAI_API_KEY: 'env-key', CAPTION_CHECK_MODEL: 'env-model' };
  it.each([
    ['the environment alone', [], ENV, { baseUrl: 'http://env/v1', apiKey: 'env-key', model: 'env-model' }],
    [
      'flags over the environment',
      ['--base-url', 'https://flag/v1', '--api-key', 'flag-key', '--model', 'flag-model'],
      ENV,
      { baseUrl: 'https://flag/v1', apiKey: 'flag-key', model: 'flag-model' },
    ],
    ['an explicit empty key (a local server)', ['--api-key', ''], ENV, { baseUrl: 'http://env/v1', apiKey: '', model: 'env-model' }],
    ['empty variables as unset', ['--base-url', 'http://x/v1', '--model', 'm'], { OPENAI_BASE_URL: '', OPENAI_API_KEY: ' ' }, { baseUrl: 'http://x/v1', apiKey: '', model: 'm' }],
  ])('takes %s', (_, argv, env, expected) => {
    expect(resolveEndpoint(parseArgs(argv, SPEC), env, 'verify')).toEqual(expected);
  });

  it.each([
    ['no base URL', [], { CAPTION_CHECK_MODEL: 'm' }, /pass --base-url <url> or set OPENAI_BASE_URL/],
    ['no model', ['--base-url', 'http://x/v1'], {}, /pass --model <name> or set CAPTION_CHECK_MODEL/],
    ['a base URL that is not a URL', ['--base-url', 'localhost:11434', '--model', 'm'], {}, /must be an http\(s\) URL/],
    ['a base URL that is not http', ['--base-url', 'ftp://x/v1', '--model', 'm'], {}, /must be an http\(s\) URL/],
  ])('refuses %s', (_, argv, env, message) => {
    expect(() => resolveEndpoint(parseArgs(argv, SPEC), env, 'verify')).toThrow(message);
  });
});
