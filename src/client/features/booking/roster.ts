import { nameKey } from '../../../domain/name-key';
import type { RosterEntry } from '../../../domain/schemas/bookings';

/** The roster entry a typed name stands for, matched as the server matches names (by nameKey). */
export function findRosterEntry(roster: RosterEntry[] | undefined, name: string): RosterEntry | undefined {
  const key = nameKey(name);
  return key === '' ? undefined : roster?.find((entry) => nameKey(entry.name) === key);
}

/** Roster names whose key contains the typed text's key anywhere; every name when nothing is typed. */
export function matchingNames(roster: RosterEntry[], typed: string): RosterEntry[] {
  const key = nameKey(typed);
  return key === '' ? roster : roster.filter((entry) => nameKey(entry.name).includes(key));
}
