import { describe, expect, it } from 'vitest';
import { routeNameFor } from '../../src/lib/route-names';

describe('routeNameFor', () => {
  it.each([
    ['/login', 'Enter'],
    ['/home', 'Home'],
    ['/home/', 'Home'],
    ['/404', 'Error'],
    ['/payments/pay-out', 'PaymentsPayOut'],
    ['/home/active', 'HomeTab'],
    ['/order/5', 'Order'],
    ['/order/5/chat', 'OrderChat'],
    ['/order/5/files', 'OrderFiles'],
    ['/order/5/reworks', 'OrderReworks'],
    ['/order/5/pay', 'OrderPay'],
    ['/order/5/edit', 'OrderEdit'],
    ['/order/5/welcome', 'OrderWelcome'],
    ['/order/5/success?source=new', 'OrderSuccess'],
    ['/pay-packet/3', 'PayPacket'],
    ['/order-new', 'OrderNew'],
    ['/order-continue', 'OrderContinue'],
    ['/order-continue/8', 'OrderContinueDraft'],
    ['/payments', 'Payments'],
    ['/payments/pay', 'PaymentsPay'],
    ['/payments/replenish', 'PaymentsReplenish'],
    ['/payments/history', 'PaymentsHistory'],
    ['/profile', 'Profile'],
    ['/email-edit', 'EmailEdit'],
    ['/withdraw', 'Withdraw'],
    ['/registration', 'Registration'],
    ['/restore', 'Restore'],
    ['/change-password/abc/', 'ChangePassword'],
    ['/socials-email-auth', 'SocialsEmailAuth'],
    ['/429', 'TooManyRequests'],
    ['/payment', 'Payment'],
    ['/logout', 'Logout'],
    ['/nope/at/all', 'Unknown'],
  ])('%s → %s', (path, name) => {
    expect(routeNameFor(path)).toBe(name);
  });
});
