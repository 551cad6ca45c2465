// The built server's entry (`dist/server/main.js`): runs the bundle `app.cjs` with V8's code cache of an earlier start, so a start
// deserialises the compiled code instead of parsing 2.7 MB of JavaScript and compiling what start-up runs (decision 0047). Without a usable
// cache it compiles as Node would, and once listening writes one for the next start. Only Node's own modules here.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

interface AppModule {
  start(): Promise<void>;
}

const bundle = join(dirname(fileURLToPath(import.meta.url)), 'app.cjs');
const source = readFileSync(bundle);
// V8 refuses a cache made by another V8 or with other flags, but checks only the length of the source: the key holds the bundle itself. One
// file for each runtime, so the test servers (Node's defaults) and production (package.json's flags) do not overwrite each other's.
const key = createHash('sha1')
  .update([process.version, process.arch, ...process.execArgv].join('\n'))
  .update(source)
  .digest('hex')
  .slice(0, 20);
const cacheDir = resolve(process.env.CODE_CACHE_DIR || join(dirname(bundle), '..', 'code-cache'));
const cacheFile = join(cacheDir, `app-${key}.bin`);

function readCache(): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

// Whole or not at all: a start that reads it while another writes it must not see half a file.
function writeCache(data: Buffer): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(partial, data);
    renameSync(partial, cacheFile);
    console.log(`code cache: written to ${cacheFile}`);
  } catch (error) {
    console.warn(`code cache: not written (${(error as Error).message}); each start compiles the server again (CODE_CACHE_DIR)`);
  }
}

const cachedData = readCache();
const script = new Script(Module.wrap(source.toString('utf8')), { filename: bundle, cachedData });
const app: { exports: Partial<AppModule> } = { exports: {} };
script.runInThisContext()(app.exports, createRequire(bundle), app, bundle, dirname(bundle));
await (app.exports as AppModule).start();
// After start-up the cache also holds every function start-up compiled; it is written before the
// first request is read, so what a start finds is decided by the time it answers.
if (!cachedData || script.cachedDataRejected) writeCache(script.createCachedData());
