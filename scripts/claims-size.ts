/**
 * How many bytes the claim split adds to a bundle: bundles lib/claims/split.ts (and what it imports) the way the
 * extension's entries are, minified, and prints the output bytes by source folder. `engine.js` holds more than the
 * split (the messages of every locale, the model client), so this is the figure for the split's own weight.
 *
 *   npm run size:claims
 */
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [resolve(repoRoot, 'lib/claims/split.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  metafile: true,
  logLevel: 'error',
});
const [output] = Object.values(result.metafile.outputs);
const byFolder = new Map<string, number>();
for (const [path, { bytesInOutput }] of Object.entries(output!.inputs)) {
  const folder = path.includes('lib/claims/') ? 'lib/claims' : path.includes('locales/') ? 'locales' : path.includes('node_modules/') ? 'node_modules' : 'other';
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + bytesInOutput);
}
for (const [folder, bytes] of [...byFolder].sort((a, b) => b[1] - a[1])) console.log(`${folder.padEnd(14)}${String(bytes).padStart(9)} bytes`);
console.log(`${'bundle'.padEnd(14)}${String(output!.bytes).padStart(9)} bytes`);
