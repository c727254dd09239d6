import english from '../public/_locales/en/messages.json';

/** The name of a UI string in public/_locales/<lang>/messages.json. */
export type MessageKey = keyof typeof english;

/** Looks a UI string up by name, filling $1…$9 with the substitutions. */
export type Translate = (key: MessageKey, ...substitutions: (string | number)[]) => string;

/** The browser's lookup (browser.i18n.getMessage), passed in so this module and the components stay browser-free. */
export type MessageLookup = (key: string, substitutions: string[]) => string;

function fill(template: string, substitutions: readonly string[]): string {
  return template.replace(/\$(\d)/g, (whole, digit: string) => substitutions[Number(digit) - 1] ?? whole);
}

/**
 * A translate function over `lookup`; where the lookup has no text (tests in Node, a missing key)
 * the English text is used, so the UI never shows a blank.
 */
export function createTranslate(lookup?: MessageLookup): Translate {
  return (key, ...substitutions) => {
    const subs = substitutions.map(String);
    const found = lookup?.(key, subs);
    return found || fill(english[key].message, subs);
  };
}
