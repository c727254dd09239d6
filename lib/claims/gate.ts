/**
 * A pattern run only where the text holds a literal it cannot match without.
 *
 * V8 compiles a RegExp on its first run and again to machine code on its second, and a woken service worker starts
 * with none compiled: the word rules' long alternations cost more to compile than to run on a caption. Most of them
 * cannot match most captions ("serene", "suggests", "brand of" are absent), so `gated` reads from the pattern's
 * source a set of literals one of which every match contains, and runs (and so builds and compiles) the RegExp only
 * when the text contains one of them. `test`, `exec`, `search` and `replace` answer exactly as the RegExp's own would.
 */

/** What one piece of a pattern tells: `exact`, the strings it can match, when they are few; `required`, one of which every match contains. */
interface Reading {
  exact: string[] | null;
  required: string[] | null;
}

const MAX_EXACT = 48;
// Thrown where the reader meets syntax it does not know: the pattern then always runs.
const UNREAD = Symbol('unread');
const LOOK = ['?=', '?!', '?<=', '?<!'];
const LITERAL_ESCAPE = '^$\\.*+?()[]{}|/-\'"’,:;!<>=@#%&~` ';
const CLASS_ESCAPE = 'dDwWsS';
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const SYNTAX = '\\^$.|?*+()[]{}';
const NONE: Reading = { exact: null, required: null };
const EMPTY: Reading = { exact: [''], required: null };

// The shortest string of a set: how much a text must hold to pass, so the set with the longest is the sharpest gate.
const shortest = (set: string[]): number => {
  let least = Infinity;
  for (const s of set) if (s.length < least) least = s.length;
  return least;
};
const sharper = (a: string[] | null, b: string[] | null): string[] | null => {
  if (!b) return a;
  const inB = shortest(b);
  if (inB === 0) return a;
  if (!a) return b;
  const inA = shortest(a);
  return inB > inA || (inB === inA && b.length < a.length) ? b : a;
};

// Without a Set: scripts/claim-rule-coverage.ts reads every Set made in lib/claims as a word list.
const distinct = (list: string[]): string[] => list.filter((s, i) => list.indexOf(s) === i);

class Reader {
  at = 0;
  constructor(readonly source: string) {}

  /** Alternatives up to a closing parenthesis or the end. */
  alternatives(): Reading {
    const readings = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      readings.push(this.sequence());
    }
    if (readings.length === 1) return readings[0]!;
    const exact = readings.every((r) => r.exact) ? distinct(readings.flatMap((r) => r.exact!)) : null;
    const each = readings.map((r) => sharper(r.required, r.exact));
    const required = each.every((r) => r && shortest(r) > 0) ? distinct(each.flatMap((r) => r!)) : null;
    return { exact: exact && exact.length <= MAX_EXACT ? exact : null, required };
  }

  /** Terms one after another: consecutive exact terms join into one literal. */
  sequence(): Reading {
    let required: string[] | null = null;
    let run: string[] | null = [''];
    let allExact = true;
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const term = this.quantified(this.atom());
      required = sharper(required, term.required);
      if (term.exact && run) {
        const joined: string[] = run.length === 1 && run[0] === '' ? term.exact : run.flatMap((a) => term.exact!.map((b) => a + b));
        if (joined.length <= MAX_EXACT) {
          run = joined;
          continue;
        }
      }
      // The run ends here: what it matched is one literal the sequence requires.
      required = sharper(required, run);
      allExact = false;
      run = term.exact && term.exact.length <= MAX_EXACT ? term.exact : null;
    }
    required = sharper(required, run);
    return { exact: allExact ? run : null, required };
  }

  quantified(term: Reading): Reading {
    const c = this.source[this.at];
    let least: number;
    if (c === '?' || c === '*') least = 0;
    else if (c === '+') least = 1;
    else if (c === '{') {
      const close = this.source.indexOf('}', this.at);
      least = Number(this.source.slice(this.at + 1, close).split(',')[0]);
      if (close < 0 || !Number.isInteger(least)) throw UNREAD;
      this.at = close;
    } else return term;
    this.at++;
    if (this.source[this.at] === '?') this.at++;
    // At least once: what one repetition requires, every match requires.
    return least >= 1 ? { exact: null, required: sharper(term.required, term.exact) } : NONE;
  }

  atom(): Reading {
    const c = this.source[this.at]!;
    if (c === '(') {
      this.at++;
      let lookaround = false;
      if (this.source.startsWith('?:', this.at)) this.at += 2;
      else if (LOOK.some((l) => this.source.startsWith(l, this.at))) {
        lookaround = true;
        this.at += this.source[this.at + 1] === '<' ? 3 : 2;
      } else if (this.source.startsWith('?<', this.at) && this.source.includes('>', this.at)) this.at = this.source.indexOf('>', this.at) + 1;
      else if (c === '(' && this.source[this.at] === '?') throw UNREAD;
      const inner = this.alternatives();
      if (this.source[this.at] !== ')') throw UNREAD;
      this.at++;
      // A look-around matches nothing itself: it only narrows where the rest may match.
      return lookaround ? EMPTY : inner;
    }
    if (c === '[') {
      this.at++;
      while (this.source[this.at] !== ']') {
        if (this.at >= this.source.length) throw UNREAD;
        this.at += this.source[this.at] === '\\' ? 2 : 1;
      }
      this.at++;
      return NONE;
    }
    if (c === '\\') {
      const next = this.source[this.at + 1] ?? '';
      if (next === 'p' || next === 'P') {
        const close = this.source.indexOf('}', this.at);
        if (close < 0) throw UNREAD;
        this.at = close + 1;
        return NONE;
      }
      this.at += 2;
      if (next === 'b' || next === 'B') return EMPTY;
      if (LITERAL_ESCAPE.includes(next)) return { exact: [next], required: null };
      if (CLASS_ESCAPE.includes(next)) return NONE;
      throw UNREAD;
    }
    if (c === '^' || c === '$') {
      this.at++;
      return EMPTY;
    }
    if (c === '.' || c === '*' || c === '+' || c === '?' || c === '{' || c === '}' || c === ']') {
      if (c !== '.') throw UNREAD;
      this.at++;
      return NONE;
    }
    // A run of plain characters is one literal; a quantifier after it applies to its last character only.
    let end = this.at + 1;
    while (end < this.source.length && !SYNTAX.includes(this.source[end]!)) end++;
    if (end < this.source.length && '?*+{'.includes(this.source[end]!)) {
      // Back by one character (two halves for one outside the BMP), unless it is the run's only one.
      const last = end - (isLowSurrogate(this.source.charCodeAt(end - 1)) ? 2 : 1);
      if (last > this.at) end = last;
    }
    const run = this.source.slice(this.at, end);
    this.at = end;
    return { exact: [run], required: null };
  }
}

// Null when none can be read: syntax the reader does not know, case folding, or no literal every match needs.
/** Literals one of which every match of the pattern contains, or null. */
export function requiredLiterals(source: string, flags: string): string[] | null {
  if (/[ivy]/u.test(flags)) return null;
  try {
    const reader = new Reader(source);
    const reading = reader.alternatives();
    if (reader.at !== source.length) return null;
    const required = sharper(reading.required, reading.exact);
    return required && shortest(required) > 0 ? required : null;
  } catch (error) {
    if (error === UNREAD) return null;
    throw error;
  }
}

export interface Gated {
  readonly source: string;
  /** What the text must hold for the pattern to run (null: it always runs). */
  readonly literals: string[] | null;
  test(text: string): boolean;
  replace(text: string, replacer: (match: string, ...groups: string[]) => string): string;
  exec(text: string): RegExpExecArray | null;
  search(text: string): number;
}

/** With `open`, every pattern runs on every text: scripts/claim-rule-coverage.ts records the inputs each pattern sees. */
export const gates = { open: false };

/** The pattern as `new RegExp(source, flags)`, built and run only for a text that holds one of its required literals. */
export function gated(source: string, flags: string): Gated {
  // Read on first use too, so a worker's start reads no pattern.
  let literals: string[] | null | undefined;
  let pattern: RegExp | undefined;
  const built = () => (pattern ??= new RegExp(source, flags));
  const possible = (text: string) => {
    if (literals === undefined) literals = requiredLiterals(source, flags);
    if (gates.open || !literals || literals.some((l) => text.includes(l))) return true;
    // As a failed run of a global pattern would: it starts from the text's beginning next time.
    if (pattern) pattern.lastIndex = 0;
    return false;
  };
  return {
    source,
    get literals() {
      return (literals ??= requiredLiterals(source, flags));
    },
    test: (text) => possible(text) && built().test(text),
    replace: (text, replacer) => (possible(text) ? text.replace(built(), replacer) : text),
    exec: (text) => (possible(text) ? built().exec(text) : null),
    search: (text) => (possible(text) ? text.search(built()) : -1),
  };
}
