// `npm run lighthouse`: Lighthouse (mobile, default throttling) on the production build of the
// student and admin entry pages, in Debian's Chromium. Prints each page's four scores and the
// audits that fail, writes them to bench/lighthouse.json and the table in docs/performance.md.
// A measurement, not a test: it is not part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildIfStale } from './build.mjs';
import { ensureChromium } from './chromium.mjs';
import { freePort } from './free-port.mjs';

const PAGES = ['/', '/peraturan', '/form', '/login'];
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
      NODE_ENV: 'production',
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

/** A few bookings today, so `/` shows what a student usually sees. */
async function seedToday(base) {
  const { today } = await (await fetch(`${base}/api/today`)).json();
  const bookings = [
    ['Budi Santoso', '08:00', '10:00'],
    ['Siti Rahmawati', '13:00', '15:00'],
    ['Rizky Maulana', '16:00', '18:00'],
  ];
  for (const [name, start, end] of bookings) {
    await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, date: today, start, end, reason: 'Kuliah', needStnk: '' }),
    });
  }
}

function failingAudits(lhr) {
  const failing = [];
  for (const id of CATEGORIES) {
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
  await seedToday(base);
  const helper = browser.pages()[0] ?? (await browser.newPage());
  const cdp = await browser.newCDPSession(helper);
  for (const path of PAGES) {
    // Every page is measured as a first visit: no service worker, no cache, no storage.
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    const needsAgreement = path === '/form';
    if (needsAgreement) {
      // /form sends a student who has not agreed to the rules to /peraturan; this one has.
      await helper.goto(`${base}/healthz`);
      await helper.evaluate(() => localStorage.setItem('agreedToRules', 'true'));
      await helper.goto('about:blank');
    }
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: needsAgreement,
    });
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(lhr.categories[id].score * 100)]));
    const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id].displayValue]));
    const failing = failingAudits(lhr);
    results.push({ path, scores, metrics, failing, finalUrl: lhr.finalDisplayedUrl });
    console.log(`${path.padEnd(11)} ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}`);
    for (const audit of failing)
      console.log(`    ✖ [${audit.category}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  const lighthouseVersion = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
  const date = new Date().toISOString();
  const chromiumVersion = browser.browser()?.version() ?? 'unknown';
  writeFileSync(
    'bench/lighthouse.json',
    `${JSON.stringify({ date, lighthouseVersion, chromiumVersion, formFactor: 'mobile', throttling: 'simulated (default)', pages: results }, null, 2)}\n`,
  );
  const rows = [
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | failing audits |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      ({ path, scores, metrics, failing }) =>
        `| \`${path}\` | ${CATEGORIES.map((id) => scores[id]).join(' | ')} | ${METRICS.slice(0, 4)
          .map((id) => metrics[id])
          .join(' | ')} | ${failing.map((audit) => `\`${audit.id}\``).join(', ') || '—'} |`,
    ),
  ];
  writePerformanceTable(
    `Latest run (\`bench/lighthouse.json\`): Lighthouse ${lighthouseVersion}, mobile, default (simulated) throttling, ${chromiumVersion}, on ${date.slice(0, 10)}:`,
    rows,
  );
  console.log('\nwritten to bench/lighthouse.json and docs/performance.md');
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
