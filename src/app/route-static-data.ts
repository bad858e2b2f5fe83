// Flags a route file can set in `staticData` (read through useMatches / the matches of beforeLoad).
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route lies in the cabinet: sign-in required (set on the `_cabinet` layout). */
    requiresAuth?: boolean;
    /** The cabinet shell hides its sidebar (spec point 2: /order-continue). */
    hideSidebar?: boolean;
  }
}

export {};
