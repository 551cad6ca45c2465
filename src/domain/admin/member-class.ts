import { nameKey } from '../text/name-key';

/** `ppti21`, `PPTI  21` and `ppti 21` are one class: case and spaces ignored. */
export function classKey(className: string): string {
  return nameKey(className).replace(/ /g, '');
}

export type ClassChoice =
  | { kind: 'existing'; class: string }
  | { kind: 'new'; class: string }
  | { kind: 'other-spelling'; existing: string };

/** A class is one of `existing` as written, a new one, or an existing one spelled otherwise (refused). */
export function classChoice(existing: readonly string[], typed: string): ClassChoice {
  const className = typed.trim();
  if (existing.includes(className)) return { kind: 'existing', class: className };
  const key = classKey(className);
  const same = existing.find((known) => classKey(known) === key);
  return same === undefined ? { kind: 'new', class: className } : { kind: 'other-spelling', existing: same };
}
