import type { Admin } from '../../../domain/schemas/admin';

/**
 * The spec's local-storage keys. They only steer the screens; the server decides with its session
 * cookie. The spec's `adminId` is no longer written (an admin's id is their login code, which
 * page scripts must never hold: 0017) but is still cleared, for browsers that kept it.
 */
const KEYS = { role: 'role', name: 'adminName', id: 'adminId' } as const;

/** The signed-in admin as the spec stores it, or undefined when the role is not admin or the name is missing. */
export function readStoredAdmin(): { name: string } | undefined {
  const name = localStorage.getItem(KEYS.name);
  if (localStorage.getItem(KEYS.role) !== 'admin' || !name) return undefined;
  return { name };
}

export function storeAdmin(admin: Admin): void {
  localStorage.setItem(KEYS.role, admin.role);
  localStorage.setItem(KEYS.name, admin.name);
  localStorage.removeItem(KEYS.id);
}

export function clearStoredAdmin(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}
