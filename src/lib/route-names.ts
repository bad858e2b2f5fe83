// Route names by path pattern (spec point 2 names Enter, Home, Error and PaymentsPayOut; the others follow their
// paths). Analytics reports them as page titles.

export const ROUTE_NAMES = {
  '/': 'Root',
  '/login': 'Enter',
  '/registration': 'Registration',
  '/restore': 'Restore',
  /** Cancels the closing of an account within its 14 days. */
  '/account-reopen': 'AccountReopen',
  '/change-password/$id': 'ChangePassword',
  '/socials-email-auth': 'SocialsEmailAuth',
  /** The e-mail change's link opened while signed out (docs/security.md, "E-mail confirmation links"). */
  '/email-confirm': 'EmailConfirm',
  '/404': 'Error',
  '/429': 'TooManyRequests',
  '/payment': 'Payment',
  '/logout': 'Logout',
  '/home': 'Home',
  '/home/$tab': 'HomeTab',
  '/order/$id': 'Order',
  '/order/$id/chat': 'OrderChat',
  '/order/$id/files': 'OrderFiles',
  '/order/$id/reworks': 'OrderReworks',
  '/order/$id/pay': 'OrderPay',
  '/order/$id/edit': 'OrderEdit',
  '/order/$id/welcome': 'OrderWelcome',
  '/order/$id/success': 'OrderSuccess',
  '/pay-packet/$id': 'PayPacket',
  '/order-new': 'OrderNew',
  '/order-continue': 'OrderContinue',
  '/order-continue/$id': 'OrderContinueDraft',
  '/payments': 'Payments',
  '/payments/pay': 'PaymentsPay',
  '/payments/replenish': 'PaymentsReplenish',
  '/payments/history': 'PaymentsHistory',
  /** The repayment verification page the withdraw guard sends an unverified customer to. */
  '/payments/pay-out': 'PaymentsPayOut',
  '/profile': 'Profile',
  '/email-edit': 'EmailEdit',
  '/withdraw': 'Withdraw',
} as const;

export type RoutePattern = keyof typeof ROUTE_NAMES;
export type RouteName = (typeof ROUTE_NAMES)[RoutePattern];

export const UNKNOWN_ROUTE_NAME = 'Unknown';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The name of the route a concrete path belongs to (`/order/5/files` → OrderFiles). */
export function routeNameFor(path: string): RouteName | typeof UNKNOWN_ROUTE_NAME {
  const actual = segments(path.split(/[?#]/)[0] ?? '');
  for (const [pattern, name] of Object.entries(ROUTE_NAMES) as [RoutePattern, RouteName][]) {
    const expected = segments(pattern);
    if (expected.length !== actual.length) continue;
    if (expected.every((seg, i) => (seg.startsWith('$') ? !!actual[i] : seg === actual[i]))) return name;
  }
  return UNKNOWN_ROUTE_NAME;
}
