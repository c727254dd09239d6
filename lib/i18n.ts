import english from '../locales/en/messages.json';

/** The name of a UI string in locales/<lang>/messages.json. */
export type MessageKey = keyof typeof english;

/** A counted message: written once per plural form of the language ("progress_one", "progress_other"). */
export type PluralBase = { [K in MessageKey]: K extends `${infer Base}_other` ? Base : never }[MessageKey];

/** One plural form of a counted message; a language may have forms English lacks ("_few" in Polish). */
export type PluralKey = `${PluralBase}_${Intl.LDMLPluralRule}`;

/** Looks a UI string up by name, filling $1…$9 with the substitutions ("" for a plural form the language lacks). */
export type Translate = (key: MessageKey | PluralKey, ...substitutions: (string | number)[]) => string;

/** The browser's lookup (browser.i18n.getMessage), passed in so this module and the components stay browser-free. */
export type MessageLookup = (key: string, substitutions: string[]) => string;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    numberFormats.set(locale, format);
  }
  return format;
}

/**
 * The English text shown where a lookup has none (Node, a missing key). The page scripts (entrypoints/page.ts, read.ts)
 * go without it: it sets the browser's lookup before anything speaks, and the table (71 kB) was half of
 * what each page had to load and compile at a right-click.
 */
const fallbackTexts: Partial<Record<string, { message: string }>> =
  import.meta.env?.ENTRYPOINT === 'page' || import.meta.env?.ENTRYPOINT === 'read' ? {} : english;

function fill(template: string, substitutions: readonly string[]): string {
  return template.replace(/\$(\d)/g, (whole, digit: string) => substitutions[Number(digit) - 1] ?? whole);
}

/**
 * A translate function over `lookup`; where the lookup has no text (tests in Node, a missing key)
 * the English text is used, so the UI never shows a blank.
 */
export function createTranslate(lookup?: MessageLookup): Translate {
  return (key, ...substitutions) => {
    // Counts are written as the language shown writes numbers (Intl); without a lookup (Node), as before.
    const locale = substitutions.some((s) => typeof s === 'number') ? lookup?.('pluralLocale', []) || null : null;
    const subs = substitutions.map((s) => (typeof s === 'number' && locale ? numberFormat(locale).format(s) : String(s)));
    const found = lookup?.(key, subs);
    const text = fallbackTexts[key]?.message;
    return found || (text === undefined ? '' : fill(text, subs));
  };
}

/** The folders of locales/ the extension ships (its _locales), for reading one when the browser's table is lost. */
export const SHIPPED_LOCALES = ['ar', 'de', 'en', 'es', 'fr', 'hi', 'it', 'pt_BR', 'uk'] as const;

/**
 * The shipped locale folders a language tag reads from, the browser's order: the tag with its region
 * ("pt-BR" → pt_BR), then its language alone ("de-AT" → de), then English (the default locale).
 */
export function localeFolders(tag: string): string[] {
  const [language = '', region] = tag.replace(/-/g, '_').split('_');
  const wanted = [region ? `${language}_${region}` : '', language, 'en'].map((w) => w.toLowerCase());
  const folders = wanted.map((w) => SHIPPED_LOCALES.find((folder) => folder.toLowerCase() === w)).filter((f) => f !== undefined);
  return [...new Set(folders)];
}

/**
 * A lookup over one messages.json table, as browser.i18n reads it: $1…$9 filled, "$$" a dollar sign, ""
 * for a key the table lacks (the caller then shows English).
 */
export function tableLookup(table: Record<string, { message?: unknown } | undefined>): MessageLookup {
  return (key, substitutions) => {
    const message = table[key]?.message;
    if (typeof message !== 'string') return '';
    return message.replace(/\$(\$|[1-9])/g, (whole, mark: string) => (mark === '$' ? '$' : substitutions[Number(mark) - 1] ?? ''));
  };
}

let contextLookup: MessageLookup | undefined;

/**
 * Sets the lookup of this script's context (browser.i18n in the worker, the engine, the page script and
 * each extension page: lib/platform/i18n.ts, entrypoints/page.ts). Node (the CLI, unit tests) sets none.
 */
export function setMessageLookup(lookup: MessageLookup): void {
  contextLookup = lookup;
}

/**
 * The UI strings of lib/ code that runs in the browser and in Node alike (error messages, notes, reports):
 * the browser's language where a lookup is set, English in Node (the CLI's output stays English).
 */
export const t: Translate = createTranslate((key, subs) => contextLookup?.(key, subs) ?? '');

/** The BCP 47 tag of the language shown (its messages.json "pluralLocale"), for Intl. */
export function uiLocale(translate: Translate = t): string {
  return translate('pluralLocale') || 'en';
}

/** Languages written right to left (their BCP 47 primary subtags). */
const RTL_LANGUAGE = /^(?:ar|fa|he|iw|ur|ps|sd|ug|yi|dv|ckb)(?:-|$)/i;

/**
 * The direction the UI's language is written in ("rtl" for Arabic): the browser's predefined @@bidi_dir, or
 * the direction of the language the messages are shown in. @@bidi_dir follows the browser process's locale,
 * which can stay en_US while the messages follow the UI language (headless Chromium started with --lang=ar).
 */
export function uiDir(): 'ltr' | 'rtl' {
  let dir = '';
  try {
    dir = contextLookup?.('@@bidi_dir', []) ?? '';
  } catch {
    // No lookup in this context: the messages' language decides.
  }
  return dir === 'rtl' || RTL_LANGUAGE.test(uiLocale()) ? 'rtl' : 'ltr';
}

/** A number as the UI's language writes it (1,234 · 1.234 · ١٬٢٣٤ · 1 234). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, translate: Translate = t): string {
  return new Intl.NumberFormat(uiLocale(translate), options).format(value);
}

/** A share 0…1 as a percentage in the UI's language (12 % in French, ٪١٢ in Arabic). */
export function formatPercent(fraction: number, maximumFractionDigits = 0, translate: Translate = t): string {
  return formatNumber(fraction, { style: 'percent', maximumFractionDigits }, translate);
}

/** A time as the UI's language writes a date and time. */
export function formatDateTime(ms: number, translate: Translate = t): string {
  return new Date(ms).toLocaleString(uiLocale(translate), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The form of a counted message that `count` takes in the language of the messages shown (its plural rules,
 * Intl.PluralRules), falling back to the "_other" form; never "1 claims".
 */
export function plural(t: Translate, base: PluralBase, count: number, ...substitutions: (string | number)[]): string {
  const locale = t('pluralLocale');
  let form: Intl.LDMLPluralRule = 'other';
  try {
    form = new Intl.PluralRules(locale).select(count);
  } catch {
    // A tag Intl cannot read: the "_other" form.
  }
  return t(`${base}_${form}`, ...substitutions) || t(`${base}_other`, ...substitutions);
}
