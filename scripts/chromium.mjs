// Finds a Chromium for the browser tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then one
// managed by Playwright. Installs one only when none is found.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function playwrightManaged() {
  try {
    const path = require('playwright-core').chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return playwrightManaged();
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  try {
    if (isRoot && hasApt) {
      console.log("No Chromium found: installing Debian's chromium package…");
      execFileSync('apt-get', ['update'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } else {
      console.log('No Chromium found: installing one with Playwright…');
      execFileSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit' });
    }
  } catch (error) {
    throw new Error(`No Chromium found and installing one failed (${error.message}). Set CHROMIUM_PATH to a Chromium binary.`);
  }
  const installed = findChromium();
  if (!installed) throw new Error('No Chromium found after installing one. Set CHROMIUM_PATH to a Chromium binary.');
  return installed;
}
