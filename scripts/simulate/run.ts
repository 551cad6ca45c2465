// `npm run simulate`: a class's semester lived against the built servers on the app clock, with
// faults, checking every invariant after each simulated day (decision record 0056).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '../../src/domain/time/clock';
import { buildIfStale } from '../build.mjs';
import { addBikes } from './bikes';
import { checkDatabase, formatViolations } from './check';
import { parseOptions, type SimOptions, USAGE, UsageError } from './cli';
import { FAULTS } from './faults';
import { checkInvariants, type Violation } from './invariants';
import { ownerRound } from './owner';
import { seededRandom } from './prng';
import { makeRoster } from './roster';
import { gatherScreens, settle } from './settle';
import { Sim } from './simulator';
import { readSnapshot } from './snapshot';
import { readChats } from './student';
import { ACTIONS, FAULT_RATE_PER_DAY } from './table';
import { instantOf, wall } from './time';
import { GRACE_MINUTES, JOB_INTERVAL_MS, startWorld, TIME_ZONE } from './world';

/** The first simulated day, fixed so a seed repeats the same days. */
const FIRST_DAY = '2027-01-04';

function times(sim: Sim, perDay: number): number {
  return Math.floor(perDay) + (sim.random.chance(perDay - Math.floor(perDay)) ? 1 : 0);
}

function planDay(sim: Sim, date: string): void {
  const minute = () => wall(date, '07:00') + sim.random.int(0, 14 * 60);
  for (const action of ACTIONS) {
    if (!action.enabled || !action.run) continue;
    const run = action.run;
    const perDay = action.perDay * (action.perBike ? sim.options.bikes : 1);
    for (let count = times(sim, perDay); count > 0; count--) sim.schedule(minute(), action.name, () => run(sim));
  }
  if (!sim.options.faults) return;
  const possible = FAULTS.filter((fault) => fault.unavailable(sim) === undefined);
  for (let count = times(sim, FAULT_RATE_PER_DAY); count > 0; count--) {
    const fault = sim.random.weighted(possible);
    sim.schedule(minute(), fault.name, () => fault.run(sim));
  }
}

async function checkDay(sim: Sim, final: boolean): Promise<Violation[]> {
  await settle(sim);
  await gatherScreens(sim);
  const snapshot = await readSnapshot(sim.world.db, sim.world.now(), TIME_ZONE);
  const roundMinutes = Math.max(1, Math.ceil((JOB_INTERVAL_MS * 4) / 60_000));
  const result = checkInvariants({
    snapshot,
    evidence: sim.evidence,
    graceMinutes: GRACE_MINUTES,
    roundMinutes,
    mainChatId: sim.world.telegram.telegram.chatId,
  });
  sim.counts.set('invariant checks', (sim.counts.get('invariant checks') ?? 0) + result.checked.length);
  if (final) {
    // A message withdrawn before any attempt (a reminder of a cancelled booking) was meant never to go.
    const stuck = snapshot.outbox.filter((row) => row.sent_at === null && (row.given_up_at === null || row.attempts > 0));
    if (stuck.length > 0) {
      result.violations.push({
        invariant: 'outbox-delivered-once',
        rows: stuck.map(
          (row) =>
            `outbox #${row.id} (${row.dedupe_key ?? row.kind}) never delivered${row.given_up_at ? `, given up: ${row.last_error}` : ''}`,
        ),
      });
    }
  }
  return result.violations;
}

/** Rows already reported on an earlier day: a violation stays in the database, and is told once. */
const reported = new Set<string>();

function report(sim: Sim, all: Violation[], date: string): void {
  const violations = all
    .map(({ invariant, rows }) => ({ invariant, rows: rows.filter((row) => !reported.has(`${invariant}:${row}`)) }))
    .filter(({ rows }) => rows.length > 0);
  for (const { invariant, rows } of violations) for (const row of rows) reported.add(`${invariant}:${row}`);
  if (violations.length === 0) return;
  console.log(
    `\n✖ day ${sim.day} (${date}) newly breaks ${violations.length} invariant(s); reproduce with --seed ${sim.options.seed} --days ${sim.day + 1}${describeWorld(sim.options)}`,
  );
  console.log(formatViolations(violations));
  console.log('last 20 actions:');
  for (const line of sim.tail()) console.log(`  ${line}`);
}

function describeWorld(options: SimOptions): string {
  const bikes = options.bikes > 1 ? ` --bikes ${options.bikes}` : '';
  return ` --engine ${options.engine} --instances ${options.instances}${options.faults ? ' --faults' : ''} --students ${options.students}${bikes}`;
}

async function simulate(options: SimOptions): Promise<number> {
  await buildIfStale();
  const startedAt = Date.now();
  const random = seededRandom(options.seed);
  const roster = makeRoster(options.students, random);
  const world = await startWorld(options, roster, instantOf(wall(FIRST_DAY, '06:00')));
  const sim = new Sim(options, random, seededRandom(options.seed ^ 0x5eed), world, roster);
  if (options.faults && world.diskSkipReason && options.engine === 'sqlite')
    console.log(`disk-full fault skipped: ${world.diskSkipReason}`);
  const broken = new Map<string, number>();
  const between = async () => {
    await readChats(sim);
    await ownerRound(sim);
    if (sim.retries.length > 0) await sim.runRetries();
  };
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
  };
  // Ctrl-C or a kill ends the run after the day in progress, and still cleans up the servers, the database and the mount.
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  try {
    await addBikes(sim);
    for (sim.day = 0; sim.day < options.days && !interrupted; sim.day++) {
      const date = addDays(FIRST_DAY, sim.day);
      planDay(sim, date);
      await sim.runUntil(wall(date, '23:50'), between);
      world.setNow(instantOf(wall(date, '23:50')));
      const violations = await checkDay(sim, false);
      if (violations.length > 0) report(sim, violations, date);
    }
    world.setNow(new Date(world.now().getTime() + 2 * 60 * 60_000));
    const final = await checkDay(sim, true);
    if (final.length > 0) report(sim, final, 'end');
  } catch (error) {
    console.log(`\n✖ the run stopped on day ${sim.day}: ${(error as Error).stack}\nseed ${options.seed}; last 20 actions:`);
    for (const line of sim.tail()) console.log(`  ${line}`);
    broken.set('run-completed', 1);
  } finally {
    for (const line of reported) {
      const invariant = line.slice(0, line.indexOf(':'));
      broken.set(invariant, (broken.get(invariant) ?? 0) + 1);
    }
    const logFile = options.log ?? join(tmpdir(), `pinjam-sim-${options.seed}.log`);
    writeFileSync(logFile, `${sim.log.join('\n')}\n`);
    await world.close();
    summary(sim, broken, Date.now() - startedAt, logFile);
  }
  return [...broken.keys()].some((name) => !options.known.includes(name)) ? 1 : 0;
}

function summary(sim: Sim, broken: Map<string, number>, wallMs: number, logFile: string): void {
  const { options } = sim;
  const sorted = (map: Map<string, number>) =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key} ${count}`);
  console.log(
    `\nsimulated ${options.days} day(s), seed ${options.seed},${describeWorld(options)}; wall time ${(wallMs / 1000).toFixed(1)} s`,
  );
  console.log(`actions: ${sorted(sim.counts).join(', ')}`);
  console.log(`faults: ${sim.faults.size === 0 ? 'none' : sorted(sim.faults).join(', ')}`);
  console.log(
    `second sends excused by a fault: ${sim.evidence.excusedDuplicates.size === 0 ? 'none' : sorted(sim.evidence.excusedDuplicates).join(', ')}`,
  );
  console.log(`action log: ${logFile}`);
  if (options.known.length > 0) console.log(`known (reported, not failing the run): ${options.known.join(', ')}`);
  console.log(broken.size === 0 ? 'all invariants held' : `violated (invariant and rows): ${sorted(broken).join(', ')}`);
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.check !== undefined) return checkDatabase(options.check, options.timeZone);
  return simulate(options);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
