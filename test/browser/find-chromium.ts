import { existsSync } from 'node:fs';
import { ensureSystemPackage, onPath } from '../../scripts/system-packages';

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
 * machine run as root, Debian's package is installed (one line says so). Otherwise one line says what to
 * install (scripts/system-packages.ts).
 */
export function findBrowser({ envVar, names, debianPackage, label }: BrowserWanted): string {
  const fromEnv = process.env[envVar];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = () => names.map(onPath).find((path) => path !== null) ?? null;
  ensureSystemPackage({ debianPackage, purpose: `${label}, for the browser tests`, present: () => found() !== null, otherwise: `or set ${envVar} to a ${label} binary` });
  return found()!;
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
