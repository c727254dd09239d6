import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function onPath(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

interface BrowserWanted {
  /** An environment variable that names the binary, checked first. */
  envVar: string;
  /** Command names to look for on PATH, in order. */
  names: string[];
  /** The Debian package to install on a fresh machine; its binary is the first name. */
  debianPackage: string;
  label: string;
}

/**
 * A browser to drive: the binary its environment variable names, else one on PATH; on a fresh Debian
 * machine run as root, Debian's package is installed. Otherwise one line says what to install.
 */
export function findBrowser({ envVar, names, debianPackage, label }: BrowserWanted): string {
  const fromEnv = process.env[envVar];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of names) {
    const found = onPath(name);
    if (found) return found;
  }
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackage}`, { stdio: 'inherit' });
    const installed = onPath(names[0]!);
    if (installed) return installed;
  }
  throw new Error(`No ${label} found: install Debian's "${debianPackage}" (apt-get install ${debianPackage}) or set ${envVar} to a ${label} binary.`);
}

/** A Chromium to drive (CHROME_PATH, chromium, google-chrome, …; Debian's `chromium` on a fresh machine). */
export function findChromium(): string {
  return findBrowser({
    envVar: 'CHROME_PATH',
    names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
    debianPackage: 'chromium',
    label: 'Chrome/Chromium',
  });
}
