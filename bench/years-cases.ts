// The `--years` run's own cases (the admin's month, the Kas book and CSV, the calendar feed) and its table.
import type { NewUser } from '../src/server/roster/service';
import type { EngineResult } from './run';

export const BENCH_ADMIN: NewUser = { name: 'Admin Bench', class: 'PPTI 21', role: 'admin' };

/** Signs the bench's admin in and names the admin's reads of the busiest date's month. */
export async function adminCases(base: string, adminId: string, busiestDate: string): Promise<[string, Record<string, unknown>][]> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: BENCH_ADMIN.name, code: adminId }),
  });
  if (login.status !== 200) throw new Error(`the bench's admin could not sign in: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const month = busiestDate.slice(0, 7);
  const headers = { cookie, origin: base, 'accept-encoding': 'br, gzip' };
  const monthEnd = `${month}-28`;
  const cases: [string, Record<string, unknown>][] = [
    ['6a. admin: bookings of a month', { url: `${base}/api/admin/bookings?from=${month}-01&to=${monthEnd}`, headers }],
    ['6b. Kas book of a month', { url: `${base}/api/admin/kas/book?month=${month}`, headers }],
    ['6c. Kas CSV of a month', { url: `${base}/api/admin/kas.csv?month=${month}`, headers }],
    ['6d. Kas overview', { url: `${base}/api/admin/kas`, headers }],
    ['7. calendar feed (/kalender.ics)', { url: `${base}/kalender.ics`, headers: { 'accept-encoding': 'br, gzip' } }],
  ];
  for (const [name, spec] of cases) {
    const answer = await fetch(String(spec.url), { headers: spec.headers as Record<string, string> });
    if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}`);
  }
  return cases;
}

export interface YearsRun {
  empty: EngineResult;
  history: EngineResult;
  /** 1-minute load averages before the empty run, before the history run, after both. */
  load: number[];
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');

/** A case's ratio to its ceiling from the raw rates, not the rounded ratio: a slow case is 0.004, not 0.00. */
function ratio(one: EngineResult, name: string): { rps: number; ratio: number } | undefined {
  const row = one.cases.find((candidate) => candidate.name === name);
  if (!row) return undefined;
  return { rps: row.rps, ratio: row.rps / (row.pairedCeilingRps ?? one.cases[0]?.rps ?? 1) };
}

const shown = (value: { rps: number; ratio: number }) => `${value.ratio.toPrecision(2)} (${Math.round(value.rps)} req/s)`;

/** Each case as a ratio to its ceiling on the empty database and on the years of history, and the second over the first. */
export function compareTable(runs: YearsRun[], years: number): string {
  const lines = [
    `| engine | case | × ceiling, empty | × ceiling, ${years} years | ${years} years ÷ empty | bound |`,
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const { empty, history, load } of runs) {
    for (const { name } of empty.cases) {
      const before = ratio(empty, name);
      const after = ratio(history, name);
      if (!before || !after) continue;
      const change = after.ratio / before.ratio;
      const mark = change >= 0.9 ? '' : ' ✗';
      lines.push(`| ${empty.engine} | ${name} | ${shown(before)} | ${shown(after)} | ${fixed(change)}${mark} | ≥ 0.90 |`);
    }
    const start = (one: EngineResult) => one.coldStartMs / one.coldStartCeilingMs;
    const coldChange = start(history) / start(empty);
    const rss = history.rssAfterMb / empty.rssAfterMb;
    const peak = history.peakRssMb / empty.peakRssMb;
    lines.push(
      `| ${empty.engine} | cold start (median of 5, × bare Fastify) | ${fixed(start(empty))} | ${fixed(start(history))} | ${fixed(coldChange)}${coldChange <= 1.2 ? '' : ' ✗'} | ≤ 1.20 |`,
      `| ${empty.engine} | RSS after the run, MB | ${empty.rssAfterMb} | ${history.rssAfterMb} | ${fixed(rss)}${rss <= 1.2 ? '' : ' ✗'} | ≤ 1.20 |`,
      `| ${empty.engine} | peak RSS, MB | ${empty.peakRssMb} | ${history.peakRssMb} | ${fixed(peak)}${peak <= 1.2 ? '' : ' ✗'} | ≤ 1.20 |`,
    );
    if (empty.databaseMb !== undefined)
      lines.push(`| ${empty.engine} | database file, MB | ${empty.databaseMb} | ${history.databaseMb} | | |`);
    lines.push(
      `| ${empty.engine} | load average (before empty, before history, after) | ${load.map((one) => one.toFixed(1)).join(', ')} | | | |`,
    );
  }
  return lines.join('\n');
}
