import type { Admin } from '../../../domain/schemas/admin';

// The spec's keys only steer the screens; the server decides by its session cookie. `adminId`, a login
// code that page scripts must never hold (docs/decisions/0017), is no longer written but still cleared.
const KEYS = { role: 'role', name: 'adminName', id: 'adminId' } as const;

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
