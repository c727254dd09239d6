// Two build-time edits to dependencies, so the packages hold no code that evaluates strings and no path
// that writes a dynamic string as HTML (addons-linter's DANGEROUS_EVAL and UNSAFE_VAR_ASSIGNMENT):
// - zod probes `new Function("")` once to decide whether to compile its parsers. Extension pages forbid
//   eval (MV3's content security policy), so in the extension the probe always fails, and zod's own note
//   says the failed probe is still reported as a CSP violation. It is answered at build time instead:
//   no eval, the same interpreted parsers as before.
// - React DOM writes `innerHTML` only for `dangerouslySetInnerHTML`, which this code never uses
//   (test/conventions.test.ts); that write now throws instead, so no HTML can be injected that way.
// Each edit fails the build when its code is not found as expected, so a dependency update cannot undo
// it quietly; npm test (scripts/test.ts) holds addons-linter to zero warnings.
import type { Plugin } from 'vite';

interface Edit {
  /** The module's path inside node_modules. */
  file: RegExp;
  find: string;
  replace: string;
  /** How many times `find` occurs in the module. */
  count: number;
}

const EDITS: Edit[] = [
  {
    file: /node_modules\/zod\/v4\/core\/util\.js$/,
    find: 'const F = Function;\n        new F("");\n        return true;',
    replace: 'return false; // extension pages forbid eval (build/hardening.ts)',
    count: 1,
  },
  {
    file: /node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/,
    find: '(domElement.innerHTML = key);',
    replace: '(() => { throw Error("Caption Check renders no raw HTML (dangerouslySetInnerHTML)"); })();',
    count: 2,
  },
];

/** The Vite plugin making the edits above. */
export function hardening(): Plugin {
  return {
    name: 'caption-check-hardening',
    enforce: 'pre',
    transform(code, id) {
      const path = id.replaceAll('\\', '/').split('?')[0]!;
      const edit = EDITS.find((e) => e.file.test(path));
      if (!edit) return null;
      const found = code.split(edit.find).length - 1;
      if (found !== edit.count) {
        throw new Error(`build/hardening.ts: expected ${edit.count} × ${JSON.stringify(edit.find)} in ${path}, found ${found}; update the edit for this version`);
      }
      return { code: code.replaceAll(edit.find, edit.replace), map: null };
    },
  };
}
