import { buildIfStale } from '../../scripts/build.mjs';
import { ensureChromium } from '../../scripts/chromium.mjs';

/** The browser tests run the production build in a real Chromium. */
export default async function setup(): Promise<void> {
  await buildIfStale();
  process.env.CHROMIUM_PATH = ensureChromium();
}
