import type { Config } from '../config';
import { sandboxChannel } from './channel';
import { smscChannel } from './smsc';
import { smtpChannel } from './smtp';
import type { OutboxChannels } from './worker';

/** The display name of `Name <address>`, the letters' signature. */
const displayName = (from: string) => /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? 'Личный кабинет';

/** The channels the settings choose. */
export function createChannels(config: Pick<Config, 'delivery' | 'publicOrigin'>): OutboxChannels {
  const { mail, sms, outbox } = config.delivery;
  const timeoutMs = outbox.sendTimeoutMs;
  return {
    email:
      mail.driver === 'smtp'
        ? smtpChannel(mail, {
            publicOrigin: config.publicOrigin,
            serviceName: displayName(mail.from),
            timeoutMs,
          })
        : sandboxChannel('sandbox-email'),
    sms: sms.driver === 'smsc' ? smscChannel(sms, { timeoutMs }) : sandboxChannel('sandbox-sms'),
  };
}
