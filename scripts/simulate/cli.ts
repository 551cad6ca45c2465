import { parseArgs } from 'node:util';

export interface SimOptions {
  days: number;
  seed: number;
  engine: 'sqlite' | 'postgres';
  instances: 1 | 2;
  faults: boolean;
  students: number;
  /** Active bikes in the world: the first, and the rest added through the Motor tab's API at the start. */
  bikes: number;
  /** `--check URL`: only the invariants, on an existing database. */
  check: string | undefined;
  /** Where the action log is written; the default is under the OS's temp folder. */
  log: string | undefined;
  timeZone: string;
  /** Invariants reported but not failing the run (`--known a,b`): broken today, fixed by other work. */
  known: string[];
}

export const USAGE = `Usage:
  npm run simulate -- [--days 120] [--seed 7] [--engine sqlite|postgres] [--instances 1|2] [--faults] [--students 30] [--bikes 1] [--log FILE] [--known INVARIANT,…]
  npm run simulate -- --check URL      (a SQLite file path or file: URL, or a postgres:// URL)`;

export class UsageError extends Error {}

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new UsageError(`--${name}: '${raw}' must be a whole number from ${min} to ${max}`);
  return value;
}

export function parseOptions(args: string[]): SimOptions {
  const { values } = parseArgs({
    args,
    options: {
      days: { type: 'string' },
      seed: { type: 'string' },
      engine: { type: 'string' },
      instances: { type: 'string' },
      faults: { type: 'boolean', default: false },
      students: { type: 'string' },
      bikes: { type: 'string' },
      check: { type: 'string' },
      log: { type: 'string' },
      timezone: { type: 'string' },
      known: { type: 'string' },
    },
  });
  const engine = values.engine ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new UsageError(`--engine: '${engine}' must be sqlite or postgres`);
  const instances = whole('instances', values.instances, 1, 1, 2) as 1 | 2;
  if (instances === 2 && engine === 'sqlite')
    throw new UsageError('--instances 2 needs --engine postgres (two servers share one PostgreSQL database)');
  return {
    days: whole('days', values.days, 120, 1, 3650),
    seed: whole('seed', values.seed, 7, 0, 4_294_967_295),
    engine,
    instances,
    faults: values.faults ?? false,
    students: whole('students', values.students, 30, 4, 500),
    bikes: whole('bikes', values.bikes, 1, 1, 5),
    check: values.check,
    log: values.log,
    timeZone: values.timezone ?? 'Asia/Jakarta',
    known: (values.known ?? '').split(',').filter((name) => name !== ''),
  };
}
