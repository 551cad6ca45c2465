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

// Kept across logouts: after the next login the admin lands where they last worked (issue 39).
const LAST_TAB_KEY = 'adminLastTab';
const TAB_PATH = /^\/(admin\/[a-z-]+|generate)$/;

export function storeLastAdminTab(path: string): void {
  if (TAB_PATH.test(path)) localStorage.setItem(LAST_TAB_KEY, path);
}

/** The tab the admin used last, or `fallback`: only a tab's own path is ever answered. */
export function lastAdminTab(fallback: string): string {
  const path = localStorage.getItem(LAST_TAB_KEY);
  return path && TAB_PATH.test(path) ? path : fallback;
}
