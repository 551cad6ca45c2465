/** The value, or a failure that names what was missing: a non-null assertion that says why it failed. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${value}`);
  return value;
}
