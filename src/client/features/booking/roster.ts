import type { RosterEntry } from '../../../domain/schemas/bookings';
import { nameKey } from '../../../domain/text/name-key';

export function findRosterEntry(roster: RosterEntry[] | undefined, name: string): RosterEntry | undefined {
  const key = nameKey(name);
  return key === '' ? undefined : roster?.find((entry) => nameKey(entry.name) === key);
}

export function matchingNames(roster: RosterEntry[], typed: string): RosterEntry[] {
  const key = nameKey(typed);
  return key === '' ? roster : roster.filter((entry) => nameKey(entry.name).includes(key));
}
