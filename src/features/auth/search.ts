import { useLocation } from '@tanstack/react-router';

/** One raw query value of the current URL (the route files validate the values they act on). */
export function useQueryValue(key: string): string | null {
  return useLocation({ select: (l) => new URLSearchParams(l.searchStr).get(key) });
}
