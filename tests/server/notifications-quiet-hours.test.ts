import { describe, expect, it } from 'vitest';
import { smsSendTime } from '../../server/domain/notifications/quiet-hours';
import { readUnsubscribeToken, unsubscribeToken } from '../../server/domain/notifications/unsubscribe';

describe('the SMS night silence', () => {
  const at = (iso: string, zone = 'Europe/Moscow') => smsSendTime(new Date(iso), zone).toISOString();

  it.each([
    ['2026-11-27T09:00:00.000Z', '2026-11-27T09:00:00.000Z', 'noon in Moscow goes at once'],
    ['2026-11-27T05:00:00.000Z', '2026-11-27T05:00:00.000Z', '08:00 is the first minute of the day'],
    ['2026-11-27T18:59:59.000Z', '2026-11-27T18:59:59.000Z', '21:59:59 still goes'],
    ['2026-11-27T19:00:00.000Z', '2026-11-28T05:00:00.000Z', '22:00 waits for tomorrow’s 08:00'],
    ['2026-11-27T00:00:00.000Z', '2026-11-27T05:00:00.000Z', '03:00 waits for this morning’s 08:00'],
    ['2026-11-27T04:59:00.000Z', '2026-11-27T05:00:00.000Z', '07:59 waits a minute'],
    ['2026-12-31T20:30:00.000Z', '2027-01-01T05:00:00.000Z', 'across a year'],
  ])('%s → %s (%s)', (due, sent) => {
    expect(at(due)).toBe(sent);
  });

  it('keeps the customer’s own zone, across a change of its offset, and falls back on an unknown one', () => {
    // 23:30 in Berlin on the night summer time ends (UTC+2 then UTC+1): 08:00 is 07:00 UTC.
    expect(at('2026-10-24T21:30:00.000Z', 'Europe/Berlin')).toBe('2026-10-25T07:00:00.000Z');
    expect(at('2026-11-27T00:00:00.000Z', 'Asia/Vladivostok')).toBe('2026-11-27T00:00:00.000Z'); // 10:00 there
    expect(at('2026-11-27T00:00:00.000Z', 'Nowhere/Atlantis')).toBe('2026-11-27T05:00:00.000Z');
  });
});

describe('unsubscribe links', () => {
  const secret = new TextEncoder().encode('a-secret-a-secret-a-secret-a-secret');
  it('name one customer, kind and channel, and nothing else passes', () => {
    const token = unsubscribeToken(secret, { userId: 7, kind: 'work_ready', channel: 'sms' });
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 7, kind: 'work_ready', channel: 'sms' });
    expect(readUnsubscribeToken(new TextEncoder().encode('another'), token)).toBeNull();
    expect(readUnsubscribeToken(secret, token.replace('7.', '8.'))).toBeNull();
    // Signed, but a channel the kind does not use.
    const odd = unsubscribeToken(secret, { userId: 7, kind: 'chat_message', channel: 'sms' });
    expect(readUnsubscribeToken(secret, odd)).toBeNull();
    expect(readUnsubscribeToken(secret, '')).toBeNull();
  });
});
