/** Sends a visitor to log in or sign up and back here afterwards (docs/product/screens-and-words.md#visitors). */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withReturnUrl } from '../../../config/paths';

export function useVisitorRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (authPath: string) => navigate(withReturnUrl(authPath, location.pathname + location.search)),
    [navigate, location.pathname, location.search],
  );
}
