// `caption-check split`, run in-process: the on-device split, no model involved; the bin and an exit
// code from a child process.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT_MS, cleanEnv, jsonLines, REPO_ROOT, runCli, spawnCli } from './run-cli';

type Piece = { text: string; start: number; end: number };

describe('split', { timeout: CLI_TIMEOUT_MS }, () => {
  it('--caption --json gives spans that index the caption as given', async () => {
    const caption = '  A red car is parked next to a tree. It evokes a sense of calm.';
    const run = await runCli(['split', '--caption', caption, '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { claims: Piece[]; set_aside: (Piece & { reason: string })[] };
    expect(result.claims.map((c) => c.text)).toContain('A red car is parked next to a tree.');
    expect(result.set_aside.length).toBeGreaterThan(0);
    for (const piece of [...result.claims, ...result.set_aside]) expect(caption.slice(piece.start, piece.end)).toBe(piece.text);
  });

  it('--jsonl writes one line per input line, names a malformed line on stderr, goes on, and exits 1', async () => {
    const input = [
      JSON.stringify({ id: 'a', caption: 'A dog runs on the beach.' }),
      '{"id": "b", "caption": ', // cut short
      '',
      JSON.stringify({ id: 7, caption: 'Two cats sleep on a sofa, which suggests a lazy afternoon.' }),
      JSON.stringify({ id: 'c' }),
    ].join('\n');
    const run = await runCli(['split', '--jsonl'], { input });
    expect(run.code).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines.map((l) => l.id)).toEqual(['a', 7]);
    expect(lines[0]).toEqual({ id: 'a', claims: [{ text: 'A dog runs on the beach.', start: 0, end: 24 }], set_aside: [] });
    expect(lines[1]).toMatchObject({ set_aside: [{ text: expect.stringContaining('lazy afternoon'), reason: expect.any(String) }] });
    expect(run.stderr).toMatch(/line 2: not valid JSON/);
    expect(run.stderr).toMatch(/line 5: expected \{"id"/);
    expect(run.stderr).not.toMatch(/line [134]:/);
  });

  it('--keep-all sets nothing aside: every piece the default split set aside is a claim', async () => {
    const caption = 'A red car is parked next to a tree. It evokes a sense of calm. Let me know if you need more!';
    const plain = JSON.parse((await runCli(['split', '--caption', caption, '--json'])).stdout) as { claims: Piece[]; set_aside: Piece[] };
    expect(plain.set_aside.map((s) => s.text)).toEqual(['It evokes a sense of calm.', 'Let me know if you need more!']);
    const run = await runCli(['split', '--caption', caption, '--json', '--keep-all']);
    expect(run.code).toBe(0);
    const all = JSON.parse(run.stdout) as { claims: Piece[]; set_aside: Piece[] };
    expect(all.set_aside).toEqual([]);
    expect(all.claims.map((c) => c.text)).toEqual(['A red car is parked next to a tree.', 'It evokes a sense of calm.', 'Let me know if you need more!']);
    const lines = jsonLines((await runCli(['split', '--jsonl', '--keep-all'], { input: `${JSON.stringify({ id: 1, caption })}\n` })).stdout);
    expect(lines[0]).toMatchObject({ id: 1, set_aside: [] });
  });

  it('says once that a caption that is not English keeps every sentence', async () => {
    const run = await runCli(['split', '--caption', 'Ein Hund läuft über die Wiese. Er trägt vielleicht ein rotes Halsband.']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^2 claim\(s\):/);
    expect(run.stdout.match(/does not look English/g)).toHaveLength(1);
  });

  it('--lang (or a line\'s own "lang") other than English keeps every sentence and says why; a tag that is none is refused', async () => {
    const caption = 'A red car is parked next to a tree. It evokes a sense of calm.';
    const run = await runCli(['split', '--caption', caption, '--json', '--lang', 'DE']);
    expect(run.code).toBe(0);
    const german = JSON.parse(run.stdout) as { claims: Piece[]; set_aside: Piece[]; notes: string[] };
    expect(german.set_aside).toEqual([]);
    expect(german.claims).toHaveLength(2);
    expect(german.notes).toEqual([expect.stringContaining('marked as another language (de)')]);
    const input = [JSON.stringify({ id: 1, caption, lang: 'fr' }), JSON.stringify({ id: 2, caption })].join('\n');
    const lines = jsonLines((await runCli(['split', '--jsonl', '--lang', 'en-GB'], { input })).stdout);
    expect(lines.map((l) => (l.set_aside as Piece[]).length)).toEqual([0, 1]);
    const bad = await runCli(['split', '--caption', caption, '--lang', 'no such!']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--lang needs a language tag such as de, fr or en-GB, got "no such!"/);
  });

  it('--jsonl exits 0 when every line is well formed', async () => {
    const run = await runCli(['split', '--jsonl'], { input: `${JSON.stringify({ id: 1, caption: 'A dog.' })}\n` });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  it.each([
    [['split'], /exactly one of --caption <text> or --jsonl/],
    [['split', '--caption', 'A dog.', '--jsonl'], /exactly one of --caption <text> or --jsonl/],
    [['split', '--jsonl', '--json'], /--json goes with --caption/],
    [['split', '--image', 'x.jpg'], /Unknown option --image/],
  ])('exits 2 on %j', async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('a usage mistake exits the process with code 2 and one line on stderr', async () => {
    const run = await spawnCli(['split', '--caption', 'A dog.', '--jsonl']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('caption-check: Pass exactly one of --caption <text> or --jsonl (lines on stdin). See: caption-check split --help\n');
  });

  it('answers --help and --version', async () => {
    const help = await runCli(['split', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('{"id","claims":[{"text","start","end"}],"set_aside":[{"text","start","end","reason"}]}');
    const version = await runCli(['--version']);
    expect(version.stdout).toMatch(/^caption-check \d+\.\d+\.\d+\n$/);
  });

  it('runs from the package bin, wherever it is started', async () => {
    const bin = join(REPO_ROOT, 'bin/caption-check.js');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'split', '--caption', 'A dog runs.', '--json'], { cwd: '/', env: cleanEnv() });
    expect(JSON.parse(stdout)).toEqual({ claims: [{ text: 'A dog runs.', start: 0, end: 11 }], set_aside: [] });
  });
});
