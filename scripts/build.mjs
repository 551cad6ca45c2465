// Builds the SPA (Vite) and the server and roster bundles (esbuild) when any is missing or older
// than its sources; `--force` rebuilds. Precompresses the SPA's text files so they are served
// without compressing on every request. The build tools are dev dependencies, imported only when
// building, so a production install (`npm ci --omit=dev`) can still ask `isStale()`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['src', 'vite.config.ts', 'scripts/pwa-icons.ts', 'scripts/inline-css.ts', 'package-lock.json', 'tsconfig.json'];
const OUTPUTS = ['dist/client/index.html', 'dist/server/main.js', 'dist/server/app.cjs', 'dist/cli/roster.js', 'dist/cli/db.js'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** True when a build output is missing or a source present here is newer than the last build. */
export function isStale() {
  if (!existsSync(STAMP) || OUTPUTS.some((output) => !existsSync(output))) return true;
  const built = Number(readFileSync(STAMP, 'utf8'));
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}

function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompress(path);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name) && statSync(path).size > 1024) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

export async function buildIfStale({ force = false } = {}) {
  if (!force && !isStale()) return false;
  const startedAt = Date.now();
  console.log('Building the app…');
  // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  precompress('dist/client');
  const { build } = await import('esbuild');
  const common = { outdir: 'dist', bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning' };
  // The server carries its dependencies: resolving and reading some 400 module files was most of
  // its start-up (decision 0040). Left out: the native modules (sharp loaded only on a QRIS upload), and a package that reads files
  // beside its own code. Whitespace goes too: less to parse at start. CommonJS, because only a
  // script takes V8's code cache in Node 20: boot.ts runs it with one (decision 0047).
  await build({
    ...common,
    entryPoints: { 'server/app': 'src/server/start.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    external: ['better-sqlite3', 'pg-native', '@touch4it/ical-timezones', 'sharp'],
    minifyWhitespace: true,
    minifySyntax: true,
    define: { 'import.meta.url': 'importMetaUrlOfBundle', SERVER_BUNDLE: 'true' },
    banner: { js: "const importMetaUrlOfBundle = require('node:url').pathToFileURL(__filename).href;" },
  });
  await build({ ...common, entryPoints: { 'server/main': 'src/server/boot.ts' } });
  // Every cache belongs to the bundle just replaced.
  rmSync('dist/code-cache', { recursive: true, force: true });
  await build({ ...common, entryPoints: { 'cli/roster': 'src/cli/roster.ts', 'cli/db': 'src/cli/db.ts' }, packages: 'external' });
  writeFileSync(STAMP, String(startedAt));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildIfStale({ force: process.argv.includes('--force') });
}
