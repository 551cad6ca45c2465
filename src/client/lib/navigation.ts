import { useLocation } from 'wouter';

/** Moves to another page of the app: `navigate(path)`, or `navigate(path, { replace: true })`. */
export function useNavigate() {
  return useLocation()[1];
}

/** `path` with a query string as `useSearch` gives it (without its '?'). */
export function withSearch(path: string, search: string): string {
  return search ? `${path}?${search}` : path;
}
