import { nameKey } from '../../../domain/booking-rules';
import type { RosterEntry } from '../../../domain/booking-schemas';

/** The roster entry a typed name stands for, matched as the server matches names (case and outer spaces ignored). */
export function findRosterEntry(roster: RosterEntry[] | undefined, name: string): RosterEntry | undefined {
  const key = nameKey(name);
  return key === '' ? undefined : roster?.find((entry) => nameKey(entry.name) === key);
}

/** Roster names containing the typed text anywhere, case-insensitively; every name when nothing is typed. */
export function matchingNames(roster: RosterEntry[], typed: string): RosterEntry[] {
  const key = nameKey(typed);
  return key === '' ? roster : roster.filter((entry) => nameKey(entry.name).includes(key));
}
