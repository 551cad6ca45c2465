// `node scripts/prod-smoke.mjs`: proves the README's production steps on a fresh clone of this
// repository's HEAD, in a temporary folder: build with the dev dependencies, reinstall without
// them, add an admin with the roster command and start with NODE_ENV=production on a free
// loopback port and a fresh SQLite file; then /healthz must answer 200, / the app, and the admin
// must be able to log in, and SIGTERM must stop it. Any failure exits 1 with the step's output.
// .ci/run runs it; like `npm ci` it needs the npm registry.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/** The README's Deployment commands, in order; the README shows each line verbatim (tests/unit/prod-smoke.test.ts). */
export const BUILD_STEPS = ['npm ci --include=dev && npm run build', 'npm ci --omit=dev'];
export const ROSTER_STEP = 'npm run roster -- add --name "Admin Sekolah" --class "PPTI 21" --admin';
export const START_STEP = 'npm start';
const STOP_WITHIN_MS = 15_000;

class SmokeFailure extends Error {
  constructor(message, output = '') {
    super(message);
    this.output = output;
  }
}

/** One step in a shell, as a person would type it; its output is shown only when it fails. */
function step(command, cwd, env) {
  console.log(`$ ${command}`);
  const result = spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new SmokeFailure(`\`${command}\` exited ${result.status ?? result.signal}`, `${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm start` in a process group of its own (npm and the server), so one signal reaches both. */
function start(cwd, env) {
  console.log(`$ ${START_STEP}`);
  const child = spawn('bash', ['-c', START_STEP], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const listening = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('Server listening')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((status) => reject(new SmokeFailure(`\`${START_STEP}\` exited (${status}) before listening`, output)));
  });
  return { group: -child.pid, listening, exited, output: () => output };
}

async function check(server, url, expectation, init = {}) {
  const request = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
  let response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new SmokeFailure(`${request}: ${error.message}`, server.output());
  }
  const body = await response.text();
  if (!expectation(response, body))
    throw new SmokeFailure(`${request} answered ${response.status}: ${body.slice(0, 300)}`, server.output());
  console.log(`✔ ${request} ${response.status}`);
}

async function smoke(temp) {
  const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const app = join(temp, 'app');
  execFileSync('git', ['clone', '--quiet', repo, app], { stdio: 'inherit' });
  console.log(`Fresh clone of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: app, encoding: 'utf8' }).trim()} in ${app}`);
  // The build steps run as on a machine whose shell has not set NODE_ENV yet.
  const { NODE_ENV: _buildRunsWithout, ...inherited } = process.env;
  for (const command of BUILD_STEPS) step(command, app, inherited);

  const port = await freePort();
  const env = {
    ...inherited,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: '0',
    DATABASE_URL: `file:${join(temp, 'smoke.db')}`,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  const adminId = step(ROSTER_STEP, app, env).trim().split('\n').at(-1);
  const server = start(app, env);
  try {
    await server.listening;
    const base = `http://127.0.0.1:${port}`;
    await check(server, `${base}/healthz`, (response) => response.status === 200);
    await check(server, `${base}/`, (response, body) => response.status === 200 && body.includes('id="root"'));
    await check(server, `${base}/api/admin/login`, (response) => response.status === 200, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Admin Sekolah', code: adminId }),
    });
    process.kill(server.group, 'SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(resolve, STOP_WITHIN_MS, 'timeout').unref());
    if ((await Promise.race([server.exited, timeout])) === 'timeout') {
      throw new SmokeFailure(`the server did not stop within ${STOP_WITHIN_MS / 1000} s of SIGTERM`, server.output());
    }
    console.log('✔ stopped on SIGTERM');
  } finally {
    // Whatever happened, nothing of it outlives the check.
    try {
      process.kill(server.group, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const temp = mkdtempSync(join(tmpdir(), 'pinjam-prod-smoke-'));
  try {
    await smoke(temp);
    console.log('✔ production start works from a fresh clone, as the README says');
  } catch (error) {
    if (error instanceof SmokeFailure && error.output) console.error(error.output.trimEnd());
    console.error(`✖ production smoke: ${error.message}`);
    process.exitCode = 1;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
