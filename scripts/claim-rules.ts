/**
 * Finds the hand-written rules of the claim split (lib/claims): the words of its word lists and the
 * alternatives of its regular expressions, each with the top-level declaration (the "family") it belongs to.
 * The classifier's weights (a JSON file) are learned, not written, and are not counted.
 *
 * What counts, read from the TypeScript syntax tree of every lib/claims/*.ts file but atomic.ts (the
 * model-assisted split, no rules):
 * - a regular expression literal, or a string or template that is one (it holds `|`, `(?`, `\b`, `\s`, `\p`
 *   or `\d`): 1 plus each `|` outside a character class, so `/^(?:a|b|c)$/` counts 3;
 * - a string that is a word list (letters, digits, apostrophes, hyphens, dots, `<>`, with a space in it):
 *   each of its words; a lone word in an array of two or more such words (`['he', 'she']`) counts 1;
 * - not counted: the names of set-aside reasons and clause kinds, messages, and single words compared in code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const claimsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../lib/claims');

/** One counted piece of a rule: where it is, which declaration it belongs to, and how many words or alternatives it holds. */
export interface RulePiece {
  file: string;
  family: string;
  kind: 'words' | 'regex';
  count: number;
  /** Character range of the literal in its file. */
  start: number;
  end: number;
}

const REGEX_SOURCE = /\||\(\?|\\[bspd]/u;
const WORD_LIST = /^[\p{L}\p{N}'’<>.\-\s]+$/u;
// Labels the code passes around, not rules: the reasons shown to the user and the kinds of clause.
const LABELS = /^(?:interpretation|mood or atmosphere|world knowledge|inference about intent|inference|speculation|evaluation|not visible|reasoning|question|advice|meta-talk|main|coordinate|relative|participle|subordinate|hedge|evidence)$/u;

/** Alternatives of a regular expression's source: 1 plus each `|` outside a character class. */
export function alternatives(source: string): number {
  let count = 1;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '|' && !inClass) count++;
  }
  return count;
}

const wordCount = (text: string) => text.trim().split(/\s+/u).filter(Boolean).length;

function familyOf(node: ts.Node, file: string): string {
  let top: ts.Node = node;
  while (top.parent && !ts.isSourceFile(top.parent)) top = top.parent;
  let name = '?';
  if (ts.isVariableStatement(top)) name = top.declarationList.declarations.map((d) => d.name.getText()).join(',');
  else if ((ts.isFunctionDeclaration(top) || ts.isInterfaceDeclaration(top)) && top.name) name = `${top.name.text}()`;
  // Each rule of a rule table is a family of its own: `RULES[world knowledge]`.
  let up: ts.Node | undefined = node;
  while (up && up !== top) {
    if (ts.isObjectLiteralExpression(up) && ts.isArrayLiteralExpression(up.parent)) {
      const reason = up.properties.find((p) => p.name?.getText() === 'reason');
      if (reason && ts.isPropertyAssignment(reason)) name += `[${reason.initializer.getText().replace(/'/gu, '')}]`;
      break;
    }
    up = up.parent;
  }
  return `${basename(file, '.ts')}:${name}`;
}

/** The text of a string or template literal, with `${…}` holes left out. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** Every counted piece of one source file. */
export function rulePieces(file: string, source = readFileSync(file, 'utf8')): RulePiece[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const pieces: RulePiece[] = [];
  const add = (node: ts.Node, kind: RulePiece['kind'], count: number) =>
    count > 0 && pieces.push({ file: basename(file), family: familyOf(node, file), kind, count, start: node.getStart(sf), end: node.getEnd() });
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      add(node, 'regex', alternatives(node.text.slice(1, node.text.lastIndexOf('/'))));
      return;
    }
    // A raw template (String.raw`…`) keeps its backslashes; its text is what the tree holds as rawText.
    const raw = ts.isTaggedTemplateExpression(node) ? node.template : null;
    const text = raw ? (ts.isNoSubstitutionTemplateLiteral(raw) ? (raw.rawText ?? raw.text) : raw.getText(sf).slice(1, -1)) : literalText(node);
    if (text !== null) {
      if (LABELS.test(text.trim())) return;
      if (REGEX_SOURCE.test(raw ? text : node.getText(sf))) add(node, 'regex', alternatives(text));
      else if (WORD_LIST.test(text) && /\S\s+\S/u.test(text)) add(node, 'words', wordCount(text));
      else if (WORD_LIST.test(text) && ts.isArrayLiteralExpression(node.parent) && node.parent.elements.length >= 2) {
        const lone = node.parent.elements.every((e) => (ts.isStringLiteral(e) && WORD_LIST.test(e.text) && !LABELS.test(e.text)) || ts.isSpreadElement(e));
        if (lone) add(node, 'words', 1);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return pieces;
}

/** The files whose rules are counted: every on-device .ts file of lib/claims. */
export const ruleFiles = (dir = claimsDir): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'atomic.ts')
    .sort()
    .map((f) => join(dir, f));
