import { describe, expect, it } from 'vitest';
import { deliveryFrom, SANDBOX_DELIVERY } from '../../server/delivery/settings';

describe('delivery settings', () => {
  it('keeps every sandbox without settings', () => {
    expect(deliveryFrom({})).toEqual(SANDBOX_DELIVERY);
  });

  it('chooses SMTP by SMTP_HOST or MAIL_DRIVER, with TLS by the port and the sender required', () => {
    const smtp = deliveryFrom({
      SMTP_HOST: 'smtp.example.ru',
      MAIL_FROM: 'Кабинет <noreply@example.ru>',
    }).mail;
    expect(smtp).toEqual({
      driver: 'smtp',
      host: 'smtp.example.ru',
      port: 587,
      secure: false,
      requireTls: true,
      user: undefined,
      password: undefined,
      from: 'Кабинет <noreply@example.ru>',
    });
    const implicit = deliveryFrom({
      MAIL_DRIVER: 'smtp',
      SMTP_HOST: 'h',
      SMTP_PORT: '465',
      MAIL_FROM: 'a@b.ru',
      SMTP_USER: 'u',
      SMTP_PASSWORD: 'p',
    }).mail;
    expect(implicit).toMatchObject({ port: 465, secure: true, requireTls: false, user: 'u', password: 'p' });
    expect(deliveryFrom({ MAIL_DRIVER: 'sandbox', SMTP_HOST: 'h' }).mail).toEqual({ driver: 'sandbox' });
  });

  it('stops on a half-filled setting, naming every missing one', () => {
    expect(() => deliveryFrom({ MAIL_DRIVER: 'smtp' })).toThrow(
      'MAIL_DRIVER=smtp needs SMTP_HOST, MAIL_FROM.',
    );
    expect(() => deliveryFrom({ SMTP_HOST: 'h' })).toThrow('MAIL_DRIVER=smtp needs MAIL_FROM.');
    expect(() => deliveryFrom({ SMTP_HOST: 'h', MAIL_FROM: 'a@b.ru', SMTP_USER: 'u' })).toThrow(
      'SMTP_USER and SMTP_PASSWORD go together: set both or neither.',
    );
    expect(() => deliveryFrom({ SMS_DRIVER: 'smsc' })).toThrow(
      'SMS_DRIVER=smsc needs SMSC_LOGIN, SMSC_PASSWORD.',
    );
    expect(() => deliveryFrom({ SMSC_LOGIN: 'shop' })).toThrow('SMS_DRIVER=smsc needs SMSC_PASSWORD.');
    expect(() => deliveryFrom({ MAIL_DRIVER: 'sendgrid' })).toThrow(
      'MAIL_DRIVER must be sandbox or smtp, not "sendgrid".',
    );
    expect(() => deliveryFrom({ SMTP_HOST: 'h', MAIL_FROM: 'a@b.ru', SMTP_PORT: 'x' })).toThrow(
      'SMTP_PORT must be a whole number from 1, not "x".',
    );
    expect(() => deliveryFrom({ OUTBOX_SEND_TIMEOUT_MS: '10' })).toThrow(
      'OUTBOX_SEND_TIMEOUT_MS must be a whole number from 1000, not "10".',
    );
  });

  it('chooses SMSC by SMSC_LOGIN, on its documented host unless SMSC_URL says otherwise', () => {
    expect(deliveryFrom({ SMSC_LOGIN: 'shop', SMSC_PASSWORD: 'secret', SMSC_SENDER: 'Cabinet' }).sms).toEqual(
      {
        driver: 'smsc',
        url: 'https://smsc.ru',
        login: 'shop',
        password: 'secret',
        sender: 'Cabinet',
      },
    );
    expect(
      deliveryFrom({
        SMS_DRIVER: 'smsc',
        SMSC_LOGIN: 'a',
        SMSC_PASSWORD: 'b',
        SMSC_URL: 'http://127.0.0.1:9/',
      }).sms,
    ).toMatchObject({ url: 'http://127.0.0.1:9' });
  });

  it('chooses YooKassa by its shop id, with receipts only when asked', () => {
    expect(deliveryFrom({ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k' }).payments).toEqual({
      driver: 'yookassa',
      url: 'https://api.yookassa.ru/v3',
      shopId: '1',
      secretKey: 'k',
      receipts: undefined,
    });
    expect(
      deliveryFrom({
        YOOKASSA_SHOP_ID: '1',
        YOOKASSA_SECRET_KEY: 'k',
        YOOKASSA_RECEIPTS: '1',
        YOOKASSA_TAX_SYSTEM_CODE: '2',
      }).payments,
    ).toMatchObject({ receipts: { vatCode: 1, taxSystemCode: 2 } });
    expect(() => deliveryFrom({ PAYMENTS_DRIVER: 'yookassa' })).toThrow(
      'PAYMENTS_DRIVER=yookassa needs YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY.',
    );
    expect(() => deliveryFrom({ YOOKASSA_SHOP_ID: '1' })).toThrow(
      'PAYMENTS_DRIVER=yookassa needs YOOKASSA_SECRET_KEY.',
    );
    expect(() =>
      deliveryFrom({ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k', YOOKASSA_VAT_CODE: '2' }),
    ).toThrow('YOOKASSA_VAT_CODE and YOOKASSA_TAX_SYSTEM_CODE are used only with YOOKASSA_RECEIPTS=1.');
  });

  it('takes OpenID Connect networks whose settings are whole, Google at its own issuer', () => {
    expect(
      deliveryFrom({
        SOCIAL_DRIVER: 'oidc',
        SOCIAL_GOOGLE_CLIENT_ID: 'g',
        SOCIAL_GOOGLE_CLIENT_SECRET: 'gs',
        SOCIAL_YANDEX_CLIENT_ID: 'y',
        SOCIAL_YANDEX_CLIENT_SECRET: 'ys',
        SOCIAL_YANDEX_ISSUER: 'https://id.example.ru/',
      }).social,
    ).toEqual({
      driver: 'oidc',
      networks: {
        google: { issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 'gs' },
        yandex: { issuer: 'https://id.example.ru', clientId: 'y', clientSecret: 'ys' },
      },
    });
    expect(() => deliveryFrom({ SOCIAL_DRIVER: 'oidc' })).toThrow(
      /SOCIAL_DRIVER=oidc needs at least one network/,
    );
    expect(() => deliveryFrom({ SOCIAL_DRIVER: 'oidc', SOCIAL_VK_CLIENT_ID: 'v' })).toThrow(
      'SOCIAL_DRIVER=oidc for vk needs SOCIAL_VK_CLIENT_SECRET, SOCIAL_VK_ISSUER.',
    );
  });
});
