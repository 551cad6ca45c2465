// `npm run lighthouse`: Lighthouse (mobile, default throttling) on the production build of the
// student pages, in Debian's Chromium, each beside its ceiling: a static copy of what the page
// shows, without a script, served by the same server with the same headers (BENCH_CEILING_DIR).
// Best of three runs each. Prints each page's scores, its performance and total blocking time
// beside the ceiling's and the difference, and the audits that fail; writes them to
// bench/lighthouse.json and the table in docs/performance.md. A measurement, not a test: it is
// not part of `npm test`; on a shared machine only the difference to the ceiling means anything.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildIfStale } from './build.mjs';
import { ensureChromium } from './chromium.mjs';
import { freePort } from './free-port.mjs';

// `name`: the ceiling's file; `/batal` is measured as a student opens it, with a booking's cancel link.
const ALL_PAGES = [
  { path: '/', name: 'index' },
  { path: '/peraturan', name: 'peraturan' },
  { path: '/form', name: 'form' },
  { path: '/login', name: 'login' },
  { path: '/batal', name: 'batal' },
];
// `LIGHTHOUSE_PAGES=/,/form` measures only those, while working on them.
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? ALL_PAGES.filter(({ path }) => process.env.LIGHTHOUSE_PAGES.split(',').includes(path))
  : ALL_PAGES;
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// Every run's full report (its trace's breakdown of main-thread time), when a folder is named.
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

async function startServer(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(dir, 'lighthouse.db')}`,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'l'.repeat(32),
      TELEGRAM_BOT_TOKEN: '',
      // Refused with NODE_ENV=production, which changes nothing else a page is served with.
      BENCH_CEILING_DIR: join(dir, 'ceiling'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child };
    } catch {
      if (tries > 300) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A few bookings today, so `/` shows what a student usually sees. Resolves to the last one's cancel secret. */
async function seedToday(base) {
  const { today } = await (await fetch(`${base}/api/today`)).json();
  const bookings = [
    ['Budi Santoso', '08:00', '10:00'],
    ['Siti Rahmawati', '13:00', '15:00'],
    ['Rizky Maulana', '16:00', '18:00'],
  ];
  let cancelToken = '';
  for (const [name, start, end] of bookings) {
    const response = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, date: today, start, end, reason: 'Kuliah', needStnk: '' }),
    });
    ({ cancelToken } = await response.json());
  }
  return cancelToken;
}

/**
 * The ceiling of a page: what it shows once loaded, as static HTML without its scripts (the
 * first-load data and the module preloads are scripts too). The <style> stays byte for byte, so
 * the Content-Security-Policy's hash still allows it.
 */
async function writeCeiling(context, url, file) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const html = await page.evaluate(() => {
      for (const element of document.querySelectorAll('script, link[rel="modulepreload"]')) element.remove();
      return `<!doctype html>\n${document.documentElement.outerHTML}`;
    });
    writeFileSync(file, html);
  } finally {
    await page.close();
  }
}

function tbtMs(lhr) {
  return Math.round(lhr.audits['total-blocking-time'].numericValue);
}

/** The best of a page's runs: the highest performance score, then the shortest blocking time. */
function bestOf(runs) {
  return [...runs].sort((a, b) => b.scores.performance - a.scores.performance || a.tbtMs - b.tbtMs)[0];
}

function failingAudits(lhr, categories) {
  const failing = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 && id === 'performance') continue;
      if (audit.score === null || audit.score >= 1) continue;
      if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      failing.push({ category: id, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? '' });
    }
  }
  return failing;
}

function writePerformanceTable(heading, rows) {
  const page = readFileSync('docs/performance.md', 'utf8');
  const marked = /<!-- lighthouse:start -->[\s\S]*?<!-- lighthouse:end -->/;
  if (!marked.test(page)) throw new Error('docs/performance.md lacks the <!-- lighthouse:start --> … <!-- lighthouse:end --> markers');
  writeFileSync(
    'docs/performance.md',
    page.replace(marked, `<!-- lighthouse:start -->\n${heading}\n\n${rows.join('\n')}\n<!-- lighthouse:end -->`),
  );
}

await buildIfStale();
const dir = mkdtempSync(join(tmpdir(), 'pinjam-lighthouse-'));
mkdirSync(join(dir, 'ceiling'));
const { base, child } = await startServer(dir);
const debuggingPort = await freePort();
// A persistent context is the browser's default profile, the one Lighthouse's tab opens in, so
// what is set here (agreeing to the rules before /form) is what Lighthouse's page sees.
const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
  executablePath: ensureChromium(),
  headless: true,
  args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
});
const results = [];
try {
  const cancelToken = await seedToday(base);
  const helper = browser.pages()[0] ?? (await browser.newPage());
  const cdp = await browser.newCDPSession(helper);
  const urlOf = (path) => (path === '/batal' ? `${base}/batal#${cancelToken}` : `${base}${path}`);
  const firstVisit = async (path) => {
    // Every page is measured as a first visit: no service worker, no cache, no storage.
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    if (path === '/form') {
      // /form sends a student who has not agreed to the rules to /peraturan; this one has.
      await helper.goto(`${base}/healthz`);
      await helper.evaluate(() => localStorage.setItem('agreedToRules', 'true'));
      await helper.goto('about:blank');
    }
  };
  const measure = async (url, path, categories, attempt = 1) => {
    await firstVisit(path);
    const { lhr } = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: path === '/form',
    });
    // Lighthouse's own failures to record a trace say "Please run Lighthouse again": they are
    // not the page's, and the run is taken again; any other error stops the measurement.
    if (lhr.runtimeError && TRACE_FAILURES.has(lhr.runtimeError.code) && attempt < 3) {
      console.log(`    (${url}: ${lhr.runtimeError.code}, measured again)`);
      return measure(url, path, categories, attempt + 1);
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(join(REPORTS_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(categories.map((id) => [id, Math.round(lhr.categories[id].score * 100)]));
    const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id].displayValue]));
    const fcpMs = Math.round(lhr.audits['first-contentful-paint'].numericValue);
    return { scores, tbtMs: tbtMs(lhr), fcpMs, metrics, failing: failingAudits(lhr, categories), finalUrl: lhr.finalDisplayedUrl };
  };
  for (const { path, name } of PAGES) {
    await firstVisit(path);
    await writeCeiling(browser, urlOf(path), join(dir, 'ceiling', `${name}.html`));
  }
  for (const { path, name } of PAGES) {
    const runs = [];
    const ceilingRuns = [];
    // Turn about, so the machine's moods fall on both alike.
    for (let run = 0; run < RUNS; run++) {
      runs.push(await measure(urlOf(path), path, CATEGORIES));
      ceilingRuns.push(await measure(`${base}/ceiling/${name}.html`, path, ['performance']));
    }
    const best = bestOf(runs);
    const ceiling = bestOf(ceilingRuns);
    // Issue 44: the first contentful paint, best of the runs of each, against the ceiling's.
    const fcp = { page: Math.min(...runs.map((one) => one.fcpMs)), ceiling: Math.min(...ceilingRuns.map((one) => one.fcpMs)) };
    const difference = {
      performance: best.scores.performance - ceiling.scores.performance,
      tbtMs: best.tbtMs - ceiling.tbtMs,
      fcpMs: fcp.page - fcp.ceiling,
    };
    results.push({
      path,
      ...best,
      fcp,
      ceiling: { scores: ceiling.scores, tbtMs: ceiling.tbtMs, metrics: ceiling.metrics },
      difference,
      runs: runs.map((one) => ({ performance: one.scores.performance, tbtMs: one.tbtMs, fcpMs: one.fcpMs })),
      ceilingRuns: ceilingRuns.map((one) => ({ performance: one.scores.performance, tbtMs: one.tbtMs, fcpMs: one.fcpMs })),
    });
    console.log(
      `${path.padEnd(11)} performance ${best.scores.performance} (ceiling ${ceiling.scores.performance}, ${signed(difference.performance)}), TBT ${best.tbtMs} ms (ceiling ${ceiling.tbtMs} ms, ${signed(difference.tbtMs)} ms), FCP ${fcp.page} ms (ceiling ${fcp.ceiling} ms, ${signed(difference.fcpMs)} ms), ${CATEGORIES.slice(
        1,
      )
        .map((id) => `${id} ${best.scores[id]}`)
        .join(', ')}`,
    );
    for (const audit of best.failing)
      console.log(`    ✖ [${audit.category}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  const lighthouseVersion = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
  const date = new Date().toISOString();
  const chromiumVersion = browser.browser()?.version() ?? 'unknown';
  const load = loadavg()[0] ?? 0;
  writeFileSync(
    'bench/lighthouse.json',
    `${JSON.stringify({ date, lighthouseVersion, chromiumVersion, formFactor: 'mobile', throttling: 'simulated (default)', runsPerPage: RUNS, loadAverageAfter: load, pages: results }, null, 2)}\n`,
  );
  const rows = [
    '| page | performance | ceiling | Δ | TBT | ceiling TBT | Δ TBT | FCP (best) | ceiling FCP (best) | Δ FCP | accessibility | best practices | SEO | FCP | LCP | CLS | failing audits |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      ({ path, scores, tbtMs, fcp, metrics, failing, ceiling, difference }) =>
        `| \`${path}\` | ${scores.performance} | ${ceiling.scores.performance} | ${signed(difference.performance)} | ${tbtMs} ms | ${ceiling.tbtMs} ms | ${signed(difference.tbtMs)} ms | ${fcp.page} ms | ${fcp.ceiling} ms | ${signed(difference.fcpMs)} ms | ${CATEGORIES.slice(
          1,
        )
          .map((id) => scores[id])
          .join(
            ' | ',
          )} | ${['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift'].map((id) => metrics[id]).join(' | ')} | ${failing.map((audit) => `\`${audit.id}\``).join(', ') || '—'} |`,
    ),
  ];
  writePerformanceTable(
    `Latest run (\`bench/lighthouse.json\`): Lighthouse ${lighthouseVersion}, mobile, default (simulated) throttling, ${chromiumVersion}, best of ${RUNS} runs per page and per ceiling, 1-minute load average ${load.toFixed(1)} after the run, on ${date.slice(0, 10)}:`,
    rows,
  );
  console.log('\nwritten to bench/lighthouse.json and docs/performance.md');
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}

function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}
