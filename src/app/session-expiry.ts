// Where a refused refresh left the visitor (spec point 8: sign out, then /login?redirect=<that page>). Noted by the
// client's and the token machine's expiry in create-actors.ts, taken by the navigation effects when the session
// leaves authSuccess: on a cabinet page the guard sends the visitor to /login anyway, on an exempt one it would not.
let pendingReturn: string | null = null;

export function noteSessionExpired(returnTo: string): void {
  pendingReturn = returnTo;
}

/** The page to come back to after the expiry just noted, once; null when the session ended otherwise. */
export function takeSessionExpiredReturn(): string | null {
  const returnTo = pendingReturn;
  pendingReturn = null;
  return returnTo;
}
