import { createDb, parseDatabaseUrl } from '../../src/db/database';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../../src/domain/handover/handover';
import { checkInvariants, type Violation } from './invariants';
import { readSnapshot } from './snapshot';

/** The rows printed per violated invariant; the count says how many more there are. */
const ROWS_SHOWN = 20;

export function formatViolations(violations: Violation[]): string {
  return violations
    .map(({ invariant, rows }) => {
      const more = rows.length > ROWS_SHOWN ? [`  … and ${rows.length - ROWS_SHOWN} more`] : [];
      return [`✖ ${invariant} (${rows.length})`, ...rows.slice(0, ROWS_SHOWN).map((row) => `  ${row}`), ...more].join('\n');
    })
    .join('\n');
}

/** `--check URL`: the invariants on an existing database, read only; 1 when any is violated. */
export async function checkDatabase(url: string, timeZone: string): Promise<number> {
  const location = parseDatabaseUrl(url);
  const db = createDb(location);
  try {
    const snapshot = await readSnapshot(db, new Date(), timeZone);
    const graceMinutes = Number(process.env.RETURN_GRACE_MINUTES ?? DEFAULT_RETURN_GRACE_MINUTES);
    const result = checkInvariants({ snapshot, evidence: undefined, graceMinutes, roundMinutes: 1 });
    console.log(`checked ${snapshot.bookings.length} bookings, ${snapshot.charges.length} charges, ${snapshot.outbox.length} outbox rows`);
    console.log(`invariants checked: ${result.checked.join(', ')}`);
    console.log(`skipped (they need a live run's evidence): ${result.skipped.join(', ')}`);
    if (result.violations.length === 0) {
      console.log('all invariants hold');
      return 0;
    }
    console.log(formatViolations(result.violations));
    return 1;
  } finally {
    await db.close();
  }
}
