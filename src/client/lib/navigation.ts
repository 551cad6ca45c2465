import { useLocation } from 'wouter';

export function useNavigate() {
  return useLocation()[1];
}

export function withSearch(path: string, search: string): string {
  return search ? `${path}?${search}` : path;
}
