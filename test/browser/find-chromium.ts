import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * A Chromium to drive: CHROME_PATH, else one on PATH; on a fresh Debian machine run as root,
 * Debian's `chromium` is installed. Otherwise one line says what to install.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of CANDIDATES) {
    const found = onPath(name);
    if (found) return found;
  }
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    const installed = onPath('chromium');
    if (installed) return installed;
  }
  throw new Error('No Chromium found: install Debian\'s "chromium" (apt-get install chromium) or set CHROME_PATH to a Chrome/Chromium binary.');
}
