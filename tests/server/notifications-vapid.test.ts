import { describe, expect, it } from 'vitest';
import { vapidSubject } from '../../server/delivery/push';

describe('the VAPID contact', () => {
  it('is VAPID_SUBJECT when set, and refuses one push services would not take', () => {
    expect(vapidSubject({ VAPID_SUBJECT: 'mailto:ops@example.com' }, 'http://localhost:3000')).toBe(
      'mailto:ops@example.com',
    );
    expect(vapidSubject({ VAPID_SUBJECT: 'https://cabinet.example' }, 'http://x')).toBe(
      'https://cabinet.example',
    );
    expect(() => vapidSubject({ VAPID_SUBJECT: 'http://cabinet.example' }, 'https://x')).toThrow(
      'VAPID_SUBJECT is an https: URL or a mailto: address.',
    );
  });

  it('is PUBLIC_ORIGIN on https, else the mailbox of MAIL_FROM', () => {
    expect(vapidSubject({}, 'https://cabinet.example')).toBe('https://cabinet.example');
    expect(
      vapidSubject({ MAIL_FROM: 'Личный кабинет <noreply@cabinet.example>' }, 'http://localhost:4173'),
    ).toBe('mailto:noreply@cabinet.example');
    expect(vapidSubject({ MAIL_FROM: 'noreply@cabinet.example' }, 'http://localhost:4173')).toBe(
      'mailto:noreply@cabinet.example',
    );
    expect(vapidSubject({}, 'http://localhost:4173')).toBe('mailto:push@localhost');
  });
});
