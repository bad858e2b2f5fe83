import { DeliveryError, type Channel, type OutboxRow } from './channel';
import type { SmsSettings } from './settings';

type SmscSettings = Extract<SmsSettings, { driver: 'smsc' }>;

/**
 * SMSC.ru's send.php error codes (HTTP API, fmt=3). Temporary ones are retried: 3 (not enough money on the
 * account: a top-up fixes it), 4 (the IP is blocked for a while after errors); 9 (the same request again within a
 * minute) means the first one was taken. The rest will not change on a retry.
 */
const SEND_ERRORS: Record<number, { text: string; permanent: boolean }> = {
  1: { text: 'ошибка в параметрах', permanent: true },
  2: { text: 'неверный логин или пароль', permanent: true },
  3: { text: 'недостаточно средств на счёте', permanent: false },
  4: { text: 'IP-адрес временно заблокирован', permanent: false },
  5: { text: 'неверный формат даты', permanent: true },
  6: { text: 'сообщение запрещено (по тексту или имени отправителя)', permanent: true },
  7: { text: 'неверный формат номера телефона', permanent: true },
  8: { text: 'сообщение на этот номер не может быть доставлено', permanent: true },
};
const DUPLICATE = 9;
/** status.php's status of a message the gateway does not know (for that phone and id). */
const NOT_FOUND = -3;

/** Our id of the message at the gateway: SMSC takes a client-given id and finds the message by it later. */
const smsId = (m: OutboxRow) => `ob${m.id}`;
const phoneOf = (m: OutboxRow) => m.recipient.replace(/^\+/, '');

/**
 * SMS through SMSC.ru's HTTP API (chosen over SMS.ru for its client-given message ids: a message whose try ended
 * unknown is looked up by that id before it is sent again). Requests are POSTed form-encoded, answers are JSON.
 */
export function smscChannel(settings: SmscSettings, opts: { timeoutMs: number }): Channel {
  async function call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const body = new URLSearchParams({
      login: settings.login,
      psw: settings.password,
      fmt: '3',
      charset: 'utf-8',
      ...params,
    });
    let res: Response;
    try {
      res = await fetch(`${settings.url}${path}`, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      // Refused before the request left: it surely did not go. Anything later (a timeout) may have.
      const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      throw new DeliveryError(`SMSC unreachable: ${(err as Error).message}`, false, !refused);
    }
    if (!res.ok) throw new DeliveryError(`SMSC HTTP ${res.status}`, false, res.status >= 500);
    try {
      return (await res.json()) as Record<string, unknown>;
    } catch {
      throw new DeliveryError('SMSC answered something other than JSON', false, true);
    }
  }

  return {
    name: 'smsc',
    async send(message) {
      const answer = await call('/sys/send.php', {
        phones: phoneOf(message),
        mes: message.body,
        id: smsId(message),
        ...(settings.sender ? { sender: settings.sender } : {}),
      });
      const code = Number(answer.error_code ?? 0);
      if (!code) return { providerId: String(answer.id ?? smsId(message)) };
      if (code === DUPLICATE) return { providerId: smsId(message) };
      const known = SEND_ERRORS[code];
      throw new DeliveryError(
        `SMSC error ${code}: ${String(answer.error ?? known?.text ?? 'unknown')}`,
        known?.permanent ?? false,
      );
    },
    async findSent(message) {
      const answer = await call('/sys/status.php', { phone: phoneOf(message), id: smsId(message) });
      if (answer.error_code !== undefined)
        throw new DeliveryError(
          `SMSC status error ${String(answer.error_code)}: ${String(answer.error)}`,
          false,
        );
      return Number(answer.status) === NOT_FOUND ? null : { providerId: smsId(message) };
    },
  };
}
