// The interface speaks through locales/<lang>/messages.json: every locale has exactly English's keys (plus the
// plural forms its language needs) with every placeholder kept, and no text a person reads is an English
// literal in the code (JSX text, people-facing attributes, thrown messages, text written into the page).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { localeFolders, SHIPPED_LOCALES, tableLookup } from '../lib/i18n';

type Messages = Record<string, { message: string; description?: string }>;
const read = (lang: string) => JSON.parse(readFileSync(join('locales', lang, 'messages.json'), 'utf8')) as Messages;
const LOCALES = readdirSync('locales').sort();
const en = read('en');
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** Counted messages: "base_other" in English (lib/i18n.ts plural()). */
const PLURAL_BASES = new Set(Object.keys(en).flatMap((key) => (key.endsWith('_other') ? [key.slice(0, -'_other'.length)] : [])));
const placeholders = (text: string) => [...new Set(text.match(/\$\d/g) ?? [])].sort();

/** An extra plural form of an English counted message ("progress_few" in Ukrainian). */
function pluralFormOf(key: string): string | null {
  const at = key.lastIndexOf('_');
  return at > 0 && PLURAL_BASES.has(key.slice(0, at)) && PLURAL_FORMS.includes(key.slice(at + 1)) ? key.slice(0, at) : null;
}

/** Messages that read the same as English in a language, and why that is right. */
const SAME_AS_ENGLISH: { keys: string[]; langs?: string[]; reason: string }[] = [
  { keys: ['appName', 'marksTitle'], reason: 'the product name, the same in every language' },
  { keys: ['chooserSource', 'pageCheckTypeCount'], reason: 'only placeholders and signs ("$1:", "$1 ×$2"), no words' },
  { keys: ['citeHead'], reason: 'the product name and two placeholders ("Caption Check, $1: $2")' },
  { keys: ['metaSeconds'], langs: ['de', 'es', 'fr', 'it', 'pt_BR'], reason: 'the SI symbol "s" for seconds' },
  { keys: ['reportFieldPrompt'], langs: ['de', 'it', 'pt_BR'], reason: '"Prompt" is the word these languages use for a model prompt' },
  { keys: ['endpointLegend', 'providerEndpoint', 'reportFieldEndpoint'], langs: ['es', 'it', 'pt_BR'], reason: '"Endpoint" is the loanword these languages use for an API endpoint' },
  { keys: ['metaTokens_one', 'metaTokens_many', 'metaTokens_other'], langs: ['es', 'it', 'pt_BR'], reason: '"token(s)" is the loanword these languages use for model tokens' },
  {
    keys: ['options', 'actionsLabel', 'optionsTitle', 'pageCheckColImage', 'errorTypeInteraction', 'reasonQuestion', 'sourceDescribedby', 'reportFieldPage', 'reportFieldImage', 'reportColVerdict', 'reportProvenance', 'auditTotalImages_one', 'auditTotalImages_many', 'auditTotalImages_other', 'auditReportVerdict'],
    langs: ['fr'],
    reason: 'French words spelt as the English ones (Options, Actions, Image, Interaction, question, Description, Page, Verdict, Provenance)',
  },
];

/**
 * English messages with a count before a plural noun ("$1 images", "$1 of $2 checks") that are not written per
 * plural form, and why each stays one message: the count is never 1.
 */
const COUNTED_ONCE: { keys: string[]; reason: string }[] = [
  { keys: ['keyOtherOrigin', 'errWrongProtocol', 'errOriginRefused', 'errBrokeOff', 'errBlocked', 'errBlockedLocal'], reason: 'the $n is a host or a fix, not a count' },
  { keys: ['noteFlaggedOne'], reason: 'the $1 is a claim’s number ("Claim 2 reads like…"), not a count' },
  { keys: ['samplesCost', 'calibrationNeedsSamples', 'noteCalibrationCost'], reason: 'agreement sampling asks 2 or more answers (1 means off, and then these are not shown)' },
  { keys: ['noteCaptionCut', 'chooserCut', 'reportEmbedded'], reason: 'character counts of a cut caption or an embedded image: thousands' },
  { keys: ['reportTitleMany'], reason: 'the report of several checks (one check has its own title)' },
  { keys: ['noteClaimsCut'], reason: 'the claims cap: shown only when a caption has more claims than the cap, which is at least 2' },
  { keys: ['calibrationRow'], reason: 'a calibration is made from at least 20 labelled claims of each kind' },
  { keys: ['noteNotScored'], reason: 'the $1 answers sampled are 2 or more' },
];

describe('locales', () => {
  it('ships the nine languages', () => {
    expect(LOCALES).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hi', 'it', 'pt_BR', 'uk']);
    // The list the extension reads a locale's file by, when the browser lost its message table.
    expect([...SHIPPED_LOCALES]).toEqual(LOCALES);
  });

  it("reads a lost table from the shipped folder of the browser's language, as the browser picks it", () => {
    expect(localeFolders('de')).toEqual(['de', 'en']);
    expect(localeFolders('de-AT')).toEqual(['de', 'en']);
    expect(localeFolders('pt-BR')).toEqual(['pt_BR', 'en']);
    expect(localeFolders('pt-PT')).toEqual(['en']);
    expect(localeFolders('en-US')).toEqual(['en']);
    expect(localeFolders('ja')).toEqual(['en']);
    const lookup = tableLookup(read('de'));
    expect(lookup('pluralLocale', [])).toBe('de');
    expect(lookup('tabHistory', ['3'])).toBe('Verlauf (3)');
    expect(lookup('noSuchKey', [])).toBe('');
    expect(tableLookup({ price: { message: 'costs $$$1 in $2' } })('price', ['5', 'USD'])).toBe('costs $5 in USD');
  });

  describe.each(LOCALES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    const messages = read(lang);

    it('has every key of en, and none en lacks but its own plural forms', () => {
      expect(Object.keys(en).filter((key) => !(key in messages))).toEqual([]);
      expect(Object.keys(messages).filter((key) => !(key in en) && !pluralFormOf(key))).toEqual([]);
    });

    // A translation keeps each $1…$9 of its English message. Only a zero/one/two plural form may drop the
    // count it is about ("الادعاء الوحيد…", the only claim): the word says the number.
    it('keeps every placeholder', () => {
      const lost: string[] = [];
      for (const [key, { message }] of Object.entries(messages)) {
        const base = pluralFormOf(key);
        const source = en[key] ?? (base ? en[`${base}_other`] : undefined);
        if (!source) continue;
        const want = placeholders(source.message);
        const have = placeholders(message);
        const implied = /_(?:zero|one|two)$/.test(key);
        if (implied ? !have.every((p) => want.includes(p)) : want.join() !== have.join()) lost.push(`${key}: ${want.join(' ')} → ${have.join(' ')}`);
      }
      expect(lost).toEqual([]);
    });

    // Every counted message in every plural form the language has (CLDR, as Intl.PluralRules knows them):
    // Arabic zero/one/two/few/many/other, Ukrainian one/few/many/other, French one/many/other…
    it('writes each counted message in every plural form of its language', () => {
      const forms = new Intl.PluralRules(messages.pluralLocale!.message).resolvedOptions().pluralCategories;
      const missing = [...PLURAL_BASES].flatMap((base) => forms.filter((form) => !(`${base}_${form}` in messages)).map((form) => `${base}_${form}`));
      expect(missing).toEqual([]);
    });

    // A message the same as English is one nobody translated, unless the allow-list says why it is right as it is.
    it('translates every message but the ones that read the same in this language, each with its reason', () => {
      const same = Object.keys(messages).filter((key) => en[key] && messages[key]!.message === en[key].message);
      const unexplained = same.filter((key) => !SAME_AS_ENGLISH.some((rule) => rule.keys.includes(key) && (!rule.langs || rule.langs.includes(lang))));
      expect(unexplained).toEqual([]);
    });

    it('names its language for Intl (plural rules, numbers, dates) and writes no message empty', () => {
      const tag = messages.pluralLocale!.message;
      expect(tag.replace('-', '_')).toBe(lang);
      expect(Intl.PluralRules.supportedLocalesOf([tag])).toEqual([tag]);
      expect(Object.entries(messages).filter(([, { message }]) => !message.trim())).toEqual([]);
    });
  });
});

describe('counted English messages', () => {
  // "1 images", "1 of 1 checks": a count before a plural noun is a counted message, written per plural form.
  it('are written per plural form, or the allow-list says why the count is never 1', () => {
    const counted = Object.entries(en)
      .filter(([key, { message }]) => !pluralFormOf(key) && /\$\d\)? (?:of \$\d )?(?:[a-z-]+ ){0,2}?[a-z]+s\b/.test(message))
      .map(([key]) => key);
    expect(counted.filter((key) => !COUNTED_ONCE.some((rule) => rule.keys.includes(key)))).toEqual([]);
  });

  it('every allow-list entry still names a message', () => {
    expect([...COUNTED_ONCE, ...SAME_AS_ENGLISH].flatMap((rule) => rule.keys).filter((key) => !(key in en) && !pluralFormOf(key))).toEqual([]);
  });
});

// Text in code that is not for people, file by file, with the reason it stays as it is.
const NOT_FOR_PEOPLE: { path: string; strings?: string[]; reason: string }[] = [
  {
    path: 'lib/cli/',
    reason:
      'the command line: its output is for people too, but the CLI stays in English (a choice: its output is also read by scripts and CI logs)',
  },
  { path: 'lib/calibrate/', reason: 'argument checks of the statistics: programming errors, never shown in the extension' },
  { path: 'lib/claims/set-aside.ts', reason: 'a check of the rule table itself, failing at load in development' },
  { path: 'lib/verify/prompt.ts', reason: 'checks the seed prompt, which the model receives verbatim in English' },
  { path: 'lib/adapters/engine-api.ts', reason: 'a broken build (the engine script missing): for developers' },
  {
    path: 'lib/image/encode.ts',
    strings: ['no 2D canvas', 'nothing encoded', 'read failed'],
    reason: 'causes inside the image code, wrapped in a translated message before anyone sees them',
  },
  { path: 'lib/adapters/thumbnail.ts', strings: ['no 2D canvas'], reason: 'the thumbnail is optional: this failure is logged, not shown' },
  {
    path: 'components/welcome-page.tsx',
    strings: ['Ollama', 'OpenAI', 'OpenRouter', 'ollama pull qwen2.5vl:7b'],
    reason: 'product names and a command, the same in every language',
  },
];

const ROOTS = ['components', 'entrypoints', 'lib'];
/** Attributes a person reads or hears. */
const PEOPLE_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'alt', 'label']);
const PEOPLE_PROPERTIES = /\.(?:textContent|innerText|title|placeholder|ariaLabel)$/;

/** Words in Latin letters, not a URL, a path, a selector or an identifier. */
function readsAsEnglish(text: string): boolean {
  const trimmed = text.trim();
  if (!/[A-Za-z]{2,}/.test(trimmed)) return false;
  if (/^(?:[a-z]+:\/\/|\/|\.{0,2}\/)\S*$/i.test(trimmed)) return false;
  // One word without spaces is English only in JSX text ("Options"), not as an id or key ("bad-output").
  return true;
}

interface Literal {
  file: string;
  line: number;
  kind: string;
  text: string;
}

/** The literal parts of a string or template (not its ${…} expressions). */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return null;
}

/** English literals a person would read, in one source file. */
export function englishLiterals(file: string, source: string): Literal[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Literal[] = [];
  const add = (node: ts.Node, kind: string, text: string) =>
    found.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1, kind, text: text.trim().replace(/\s+/g, ' ') });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && readsAsEnglish(node.text)) add(node, 'JSX text', node.text);
    if (ts.isJsxAttribute(node) && PEOPLE_ATTRIBUTES.has(node.name.getText(tree)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) && node.initializer.expression ? node.initializer.expression : node.initializer;
      const text = literalText(value);
      if (text !== null && /\s/.test(text.trim()) && readsAsEnglish(text)) add(node, `${node.name.getText(tree)}=`, text);
    }
    // A thrown or stored error's message: every string argument of `new …Error(…)` with words in it.
    if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText(tree)))
      for (const argument of node.arguments ?? []) {
        const text = literalText(argument);
        if (text !== null && /\s/.test(text.trim()) && readsAsEnglish(text)) add(argument, 'error message', text);
      }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && PEOPLE_PROPERTIES.test(node.left.getText(tree))) {
      const text = literalText(node.right);
      if (text !== null && readsAsEnglish(text)) add(node, 'text written to the page', text);
    }
    if (ts.isCallExpression(node) && /\.setAttribute$/.test(node.expression.getText(tree)) && node.arguments.length === 2) {
      const name = literalText(node.arguments[0]!);
      const text = literalText(node.arguments[1]!);
      if (name !== null && PEOPLE_ATTRIBUTES.has(name) && text !== null && readsAsEnglish(text)) add(node, `${name} attribute`, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const allowed = (literal: Literal) =>
  NOT_FOR_PEOPLE.some((rule) => literal.file.startsWith(rule.path) && (!rule.strings || rule.strings.includes(literal.text)));

describe('no English literal a person reads', () => {
  const files = ROOTS.flatMap(sourceFiles);

  it('finds the files it checks', () => {
    expect(files).toContain(join('components', 'welcome-page.tsx'));
    expect(files).toContain(join('lib', 'page', 'chooser.ts'));
    expect(files.length).toBeGreaterThan(150);
  });

  it('in components/, entrypoints/ and lib/: JSX text, attributes, thrown messages, text written to the page', () => {
    const literals = files.flatMap((file) => englishLiterals(file, readFileSync(file, 'utf8')));
    expect(literals.filter((literal) => !allowed(literal)).map((l) => `${l.file}:${l.line} ${l.kind}: ${l.text}`)).toEqual([]);
  });

  it('every allow-list entry still has something to allow', () => {
    const literals = files.flatMap((file) => englishLiterals(file, readFileSync(file, 'utf8')));
    const unused = NOT_FOR_PEOPLE.filter((rule) => !literals.some((l) => l.file.startsWith(rule.path) && (!rule.strings || rule.strings.includes(l.text))));
    expect(unused.map((rule) => rule.path)).toEqual([]);
  });

  it.each([
    ['JSX text', 'const a = <p>Open Options</p>;', true],
    ['a single word of JSX text', 'const a = <button>Save</button>;', true],
    ['an aria-label', 'const a = <b aria-label="Download progress" />;', true],
    ['an aria-label in braces', "const a = <b aria-label={'Download progress'} />;", true],
    ['a thrown message', "throw new CheckError('image', 'The image could not be decoded.');", true],
    ['a template message', 'throw new Error(`The model ${name} failed to answer.`);', true],
    ['text written into the page', "tip.textContent = 'No image to pick on this page.';", true],
    ['a people attribute set on an element', "panel.setAttribute('aria-label', 'Choose the caption');", true],
    ['a translated string', "const a = <p>{t('options')}</p>;", false],
    ['an error kind', "throw new CheckError('bad-output', t('errNoVerdict'));", false],
    ['a URL placeholder', 'const a = <input placeholder="https://api.openai.com/v1" />;', false],
    ['a class name', 'const a = <p className="form-status form-status--error" />;', false],
    ['an id attribute', "el.setAttribute('role', 'dialog');", false],
    ['punctuation between elements', 'const a = <p>{a} · {b}</p>;', false],
    ['a template with only expressions and symbols', "button.textContent = `${bad ? '✗' : '✓'} ${summary}`;", false],
  ])('%s (%s) is an English literal for people: %s', (_name, code, expected) => {
    expect(englishLiterals('x.tsx', code).length > 0).toBe(expected);
  });
});
