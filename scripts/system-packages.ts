// What the tests and the release need from the system beyond npm (a browser, Firefox's German language pack,
// fonts with Arabic and Devanagari glyphs, unzip): found where it is; on a fresh Debian machine run as root,
// installed with apt-get, with one line saying what was installed; otherwise one line says exactly what to
// install. Test files run in parallel, so one install runs at a time (a lock file, and apt's own lock wait).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The full path of a command on PATH, or null. */
export function onPath(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface SystemNeed {
  /** The Debian package that provides it. */
  debianPackage: string;
  /** What it is and what needs it, for the lines printed ("Firefox's German language pack, for …"). */
  purpose: string;
  /** Whether it is there; asked before and after an install. */
  present: () => boolean;
  /** Another way to provide it, added to the line that says what to install ("or set FIREFOX_PATH …"). */
  otherwise?: string;
}

const APT_LOCK = '/tmp/caption-check-apt.lock';

/** What the install script prints when the package was there once it held the lock. */
const ALREADY_INSTALLED = 'caption-check: already installed';

/**
 * Runs apt-get update and install of `debianPackage`, quietly (its output only when it fails); false when another
 * test had installed it while this one waited for the lock (test files run in parallel, each may find it missing).
 */
function aptInstall(debianPackage: string): boolean {
  const apt = `apt-get -qq -o DPkg::Lock::Timeout=600`;
  const installed = `dpkg-query -W -f='\${Status}' ${debianPackage} 2>/dev/null | grep -q 'ok installed'`;
  const script = `if ${installed}; then echo '${ALREADY_INSTALLED}'; else ${apt} update && DEBIAN_FRONTEND=noninteractive ${apt} install -y ${debianPackage}; fi`;
  const command = onPath('flock') ? ['flock', APT_LOCK, 'sh', '-c', script] : ['sh', '-c', script];
  try {
    const output = execFileSync(command[0]!, command.slice(1), { stdio: 'pipe', encoding: 'utf8' });
    return !output.includes(ALREADY_INSTALLED);
  } catch (error) {
    const output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`.trim();
    throw new Error(`apt-get install ${debianPackage} failed:\n${output.split('\n').slice(-15).join('\n')}`);
  }
}

/** What to say when `need` is missing and cannot be installed here. */
export function missingMessage(need: SystemNeed): string {
  return `Missing ${need.purpose}: install Debian's ${need.debianPackage} (apt-get install ${need.debianPackage})${need.otherwise ? `, ${need.otherwise}` : ''}.`;
}

/**
 * Makes sure `need` is there: found, or installed with apt-get when run as root where apt-get exists (one line
 * on stderr says what was installed); otherwise an error whose message is one line saying what to install.
 */
export function ensureSystemPackage(need: SystemNeed): void {
  if (need.present()) return;
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    const installedHere = aptInstall(need.debianPackage);
    if (need.present()) {
      // One line from the test that installed it; none from those that found it installed once they held the lock.
      if (installedHere) process.stderr.write(`Installed Debian's ${need.debianPackage} (${need.purpose}).\n`);
      return;
    }
  }
  throw new Error(missingMessage(need));
}

/** unzip, which the release's sources check unpacks the sources zip with. */
export function ensureUnzip(): string {
  ensureSystemPackage({
    debianPackage: 'unzip',
    purpose: 'unzip, which the release uses to unpack the sources zip',
    present: () => onPath('unzip') !== null,
    otherwise: 'or any unzip on PATH (brew install unzip)',
  });
  return onPath('unzip')!;
}

/** The font families fontconfig lists as covering the language `lang` (e.g. "ar", "hi"); none without fontconfig. */
export function fontFamiliesFor(lang: string): string[] {
  try {
    const listed = execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    // One line per font; a family with several names lists them comma-separated.
    return [...new Set(listed.split('\n').flatMap((line) => line.split(',')).map((name) => name.trim()).filter(Boolean))];
  } catch {
    return [];
  }
}

/** Fonts with the glyphs of `langs` (Debian's Noto fonts), for the pages and pictures in those languages. */
export function ensureFontsFor(langs: string[]): void {
  ensureSystemPackage({
    debianPackage: 'fonts-noto-core',
    purpose: `fonts with the glyphs of "${langs.join('", "')}", for the browser tests and pictures in that language`,
    present: () => langs.every((lang) => fontFamiliesFor(lang).length > 0),
    otherwise: `or any font with those glyphs (fc-list ':lang=${langs[0]}' lists them)`,
  });
}

/** The language packs beside a Firefox binary (Debian's firefox-esr-l10n-*, or a distribution's). */
function languagePacks(firefox: string): string[] {
  const dir = dirname(realpathSync(firefox));
  return [join(dir, 'browser', 'extensions'), join(dir, 'distribution', 'extensions')]
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => readdirSync(folder))
    .filter((name) => name.startsWith('langpack-'));
}

/** Firefox's language pack for `lang` beside the binary `firefox` (Debian's firefox-esr-l10n-<lang>). */
export function ensureFirefoxLanguagePack(firefox: string, lang: string): void {
  ensureSystemPackage({
    debianPackage: `firefox-esr-l10n-${lang}`,
    purpose: `Firefox's language pack "${lang}" beside ${firefox}, for test/firefox/locale.test.ts`,
    present: () => languagePacks(firefox).some((name) => name.startsWith(`langpack-${lang}@`)),
  });
}
