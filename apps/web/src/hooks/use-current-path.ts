import { useLocation } from 'react-router';

/** The current path without a trailing slash ("/admin/" → "/admin"; "/" stays), to compare with route paths. */
export function useCurrentPath(): string {
  return useLocation().pathname.replace(/(.)\/+$/, '$1');
}
