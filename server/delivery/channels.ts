import type { Config } from '../config';
import { sandboxChannel } from './channel';
import { smscChannel } from './smsc';
import { smtpChannel } from './smtp';
import type { OutboxChannels } from './worker';
import { pushChannel, type PushStore } from './push';

/** The display name of `Name <address>`, the letters' signature. */
const displayName = (from: string) => /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? 'Личный кабинет';

/** With no store (tools and tests that send no pushes) a push finds no subscription and fails for good. */
const NO_PUSH_STORE: PushStore = { keysOf: async () => null, drop: async () => undefined };

/** The channels the settings choose; pushes go through Web Push with the subscriptions in `pushStore`. */
export function createChannels(
  config: Pick<Config, 'delivery' | 'publicOrigin'> & Partial<Pick<Config, 'push'>>,
  pushStore: PushStore = NO_PUSH_STORE,
): OutboxChannels {
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
    push: config.push ? pushChannel(config.push, pushStore, { timeoutMs }) : sandboxChannel('sandbox-push'),
  };
}
