// Lists exports that nothing uses: not imported (or re-exported) by any other file of the repository,
// and not referenced in their own file either. Usage: npx tsx scripts/unused-exports.ts (exit 1 when any).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = process.cwd();
const DIRS = ['lib', 'components', 'entrypoints', 'scripts', 'bin', 'test'];
/** Where an unused export counts (entrypoints' default exports are WXT's, tests export to nobody). */
const COUNTED = /^(lib|components|scripts|bin)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file an import specifier names ('./x', '../x.ts', '@/lib/x'), or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = specifier.startsWith('.') ? resolve(dirname(from), specifier) : /^@\//.test(specifier) ? join(root, specifier.slice(2)) : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const files = [...DIRS.filter((d) => existsSync(d)).flatMap((d) => sourceFiles(join(root, d))), ...['wxt.config.ts', 'vitest.config.ts'].map((f) => join(root, f))];
const exported = new Map<string, Set<string>>();
const imported = new Map<string, Set<string>>();
const use = (file: string, name: string) => imported.set(file, (imported.get(file) ?? new Set()).add(name));

for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveSpecifier(file, node.moduleSpecifier.text);
      if (target && ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        if (clause?.name) use(target, 'default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(target, '*');
        else if (bindings) for (const el of bindings.elements) use(target, (el.propertyName ?? el.name).text);
      }
      if (ts.isExportDeclaration(node)) {
        if (target && !node.exportClause) use(target, '*');
        if (node.exportClause && ts.isNamedExports(node.exportClause))
          for (const el of node.exportClause.elements) {
            if (target) use(target, (el.propertyName ?? el.name).text);
            names.add(el.name.text);
          }
      }
    }
    // import('…') and vi.mock('…') use a whole module.
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression.getText(source);
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || /^vi\.(mock|importActual)$/.test(callee)) {
        const target = resolveSpecifier(file, node.arguments[0].text);
        if (target) use(target, '*');
      }
    }
    if (node.parent === source && ts.canHaveModifiers(node)) {
      const modifiers = ts.getModifiers(node) ?? [];
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
        if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) names.add('default');
        else if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) names.add(d.name.getText(source));
        else if ('name' in node && node.name && ts.isIdentifier(node.name as ts.Node)) names.add((node.name as ts.Identifier).text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  exported.set(file, names);
}

const unused: string[] = [];
for (const [file, names] of exported) {
  const path = relative(root, file);
  const used = imported.get(file) ?? new Set();
  if (!COUNTED.test(path) || used.has('*')) continue;
  const text = readFileSync(file, 'utf8');
  for (const name of names) {
    if (used.has(name)) continue;
    // Referenced in its own file beyond its declaration: exported needlessly, but used.
    const mentions = text.match(new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g'))?.length ?? 0;
    if (mentions <= 1 || (name === 'default' && mentions === 0)) unused.push(`${path}: ${name}`);
  }
}
console.log(unused.join('\n'));
console.log(`${unused.length} unused export(s)`);
process.exitCode = unused.length > 0 ? 1 : 0;
