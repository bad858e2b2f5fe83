import { Navigate } from '@tanstack/react-router';

/** Spec point 2: unknown paths go to /404 (the router's notFoundComponent). */
export function RedirectToNotFound() {
  return <Navigate to="/404" replace />;
}
