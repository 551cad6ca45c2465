// Runs a bundle from dist/. In production it runs the build as `npm run build` left it: the build
// tools are dev dependencies, absent after `npm ci --omit=dev`. Elsewhere it rebuilds what is stale.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, isStale } from './build.mjs';

// NODE_ENV may be set only in .env, which the server reads later; a missing Vite says it as well.
const canBuild = () => process.env.NODE_ENV !== 'production' && existsSync('node_modules/vite/package.json');

export async function runBuilt(entry) {
  if (canBuild()) await buildIfStale();
  else if (isStale()) {
    console.error(
      'dist/ is missing or older than the sources, and a production install does not build: run `npm ci --include=dev && npm run build`, then `npm ci --omit=dev` (README, Deployment)',
    );
    process.exit(1);
  }
  await import(pathToFileURL(resolve(entry)).href);
}
