import type { Admin } from '../../../domain/admin-schemas';

/** The spec's local-storage keys. They only steer the screens; the server decides with its session cookie. */
const KEYS = { role: 'role', name: 'adminName', id: 'adminId' } as const;

/** The signed-in admin as the spec stores it, or undefined when the role is not admin or the name is missing. */
export function readStoredAdmin(): { name: string; id: string | null } | undefined {
  const name = localStorage.getItem(KEYS.name);
  if (localStorage.getItem(KEYS.role) !== 'admin' || !name) return undefined;
  return { name, id: localStorage.getItem(KEYS.id) };
}

export function storeAdmin(admin: Admin): void {
  localStorage.setItem(KEYS.role, admin.role);
  localStorage.setItem(KEYS.name, admin.name);
  localStorage.setItem(KEYS.id, admin.id);
}

export function clearStoredAdmin(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}
