// The hand-written gold of the AI-surface pages (test/ai-surfaces/: chats, demo apps, model cards, notebooks,
// tables, arenas, posts), read for bench-captions, and the table it prints for them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { captionMatches, normalize } from './caption-metrics';

/** The AI-surface pages: `dev/` (tuning and check halves), `held-out/` and `held-out-2/` (each measured once). */
export const AI_SURFACES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../test/ai-surfaces');

const goldSchema = z.object({
  pages: z.record(z.string(), z.object({ surface: z.string(), lang: z.string(), half: z.string().optional() })),
  images: z.array(
    z.object({
      page: z.string(),
      img: z.string(),
      caption: z.string().nullable(),
      answers: z.array(z.object({ label: z.string().nullable(), text: z.string() })).optional(),
      never: z.array(z.string()).optional(),
    }),
  ),
});

/** One AI-surface page to measure: its file, its slice name, and its gold images. */
export interface SurfacePage {
  name: string;
  file: string;
  slice: string;
  surface: string;
  images: z.infer<typeof goldSchema>['images'];
}

/** The pages of one folder (`dev`, `held-out`), each in the slice `ai-<folder>[-<half>]`; none when the folder has no gold. */
export function readSurfacePages(folder: string): SurfacePage[] {
  const file = resolve(AI_SURFACES_DIR, folder, 'gold.json');
  if (!existsSync(file)) return [];
  const gold = goldSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return Object.entries(gold.pages).map(([name, meta]) => ({
    name,
    file: resolve(AI_SURFACES_DIR, folder, 'pages', `${name}.html`),
    slice: `ai-${folder}${meta.half ? `-${meta.half}` : ''}`,
    surface: meta.surface,
    images: gold.images.filter((i) => i.page === name),
  }));
}

/** What the chooser showed for one gold image of an AI-surface page. */
export interface SurfaceOutcome {
  page: string;
  surface: string;
  gold: SurfacePage['images'][number];
  /** What was preselected ("" when nothing). */
  ours: string;
  /** The candidates as the chooser names them: "Label: text". */
  labelled: string[];
}

const textOf = (candidate: string) => candidate.replace(/^[^:]*\)?: /, '');
/** The answer is offered, under its label when the gold names one (a label may hold a colon: "OpenAI: GPT-4.1 Mini"). */
export const offers = (o: SurfaceOutcome, answer: { label: string | null; text: string }) =>
  o.labelled.some((c) => (answer.label === null ? captionMatches(textOf(c), answer.text) : c.startsWith(`${answer.label}: `) && captionMatches(c.slice(answer.label.length + 2), answer.text)));
/** The preselected text is `text`, alone or with figures glued on (a chat message's time: "… фотографии.10:41✓✓"). */
const picked = (ours: string, text: string) => {
  const [found, never] = [normalize(ours), normalize(text)];
  return captionMatches(ours, text) || (!!never && found.startsWith(never) && !/\p{L}/u.test(found.slice(never.length)));
};
/** A text that must never be preselected was. */
export const wrongPick = (o: SurfaceOutcome) => !!o.ours && (o.gold.never ?? []).some((text) => picked(o.ours, text));
/** The texts that must never be preselected that the chooser offers anywhere in its list (a request offered third). */
export const offeredNever = (o: SurfaceOutcome) => (o.gold.never ?? []).filter((text) => o.labelled.some((c) => picked(textOf(c), text)));

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}% (${n}/${of})` : '–');

/** One table row: right text preselected, gold offered, never-texts preselected, every answer offered, captionless preselected. */
export function surfaceRow(name: string, outcomes: SurfaceOutcome[]): string {
  const captioned = outcomes.filter((o) => o.gold.caption !== null);
  const captionless = outcomes.filter((o) => o.gold.caption === null);
  const multi = outcomes.filter((o) => (o.gold.answers ?? []).length >= 2);
  return `| ${name} | ${pct(captioned.filter((o) => captionMatches(o.ours, o.gold.caption)).length, captioned.length)} | ${pct(
    captioned.filter((o) => captionMatches(o.ours, o.gold.caption) || o.labelled.some((c) => captionMatches(textOf(c), o.gold.caption))).length,
    captioned.length,
  )} | ${outcomes.filter(wrongPick).length} | ${pct(multi.filter((o) => (o.gold.answers ?? []).every((a) => offers(o, a))).length, multi.length)} | ${pct(
    captionless.filter((o) => o.ours.trim()).length,
    captionless.length,
  )} |`;
}

/** The AI-surface table: one row for the slice, then one per surface kind. */
export function summarizeSurfaces(outcomes: SurfaceOutcome[]): string {
  const surfaces = [...new Set(outcomes.map((o) => o.surface))];
  return [
    '| pages | right text preselected | gold offered | request / prompt / code preselected | every answer offered (pages with several) | captionless with a preselection |',
    '|---|---|---|---|---|---|',
    surfaceRow('all', outcomes),
    ...surfaces.map((s) => surfaceRow(s, outcomes.filter((o) => o.surface === s))),
    '',
    `request / prompt / code offered anywhere in the list: ${outcomes.filter((o) => offeredNever(o).length).length} of ${outcomes.filter((o) => o.gold.never?.length).length} images with such a text`,
  ].join('\n');
}
