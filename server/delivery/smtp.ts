import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { DeliveryError, type Channel } from './channel';
import { renderLetter } from './letter';
import type { MailSettings } from './settings';

type SmtpSettings = Extract<MailSettings, { driver: 'smtp' }>;

/** The address part of `Name <address>` (or the whole value). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * E-mail over SMTP (nodemailer). SMTP has no idempotency key, so the Message-ID is the message's own, the same on
 * every try: a letter sent again after an instance stopped mid-try is the same letter to mail stores that drop
 * duplicates (docs/deliveries.md says what is left).
 */
export function smtpChannel(
  settings: SmtpSettings,
  site: { publicOrigin: string; serviceName: string; timeoutMs: number },
): Channel {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    ignoreTLS: !settings.secure && !settings.requireTls,
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: site.timeoutMs,
    greetingTimeout: site.timeoutMs,
    socketTimeout: site.timeoutMs,
  });
  const sender = addressOf(settings.from);
  const domain = sender.split('@')[1] ?? 'localhost';
  const origin = new URL(site.publicOrigin);
  return {
    name: 'smtp',
    async send(message) {
      const letter = renderLetter(message, site.serviceName);
      const stamp = createHash('sha256').update(`${origin.host}:${message.id}`).digest('hex').slice(0, 16);
      const messageId = `<outbox-${message.id}.${stamp}@${domain}>`;
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.recipient,
          subject: letter.subject,
          text: letter.text,
          html: letter.html,
          messageId,
          headers: {
            'Content-Language': letter.language,
            'Auto-Submitted': 'auto-generated',
            // RFC 8058: the link unsubscribes with one POST, no page to visit.
            ...(letter.unsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
          },
          list: letter.unsubscribe
            ? { unsubscribe: letter.unsubscribe }
            : letter.notification
              ? {
                  // One header with both ways (nodemailer: an array in the array is one header's values).
                  unsubscribe: [[`${origin.origin}/profile`, `${sender}?subject=unsubscribe`]],
                }
              : undefined,
        });
        return { providerId: info.messageId || messageId };
      } catch (err) {
        throw smtpFailure(err);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** A 5xx answer (and a refused login) will not change on a retry; a 4xx or a dropped connection may. */
function smtpFailure(err: unknown): DeliveryError {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const code = e.responseCode;
  const text = `SMTP ${code ?? e.code ?? 'error'}: ${e.response ?? e.message ?? String(err)}`;
  // An SMTP answer is an answer (the letter was not taken); a broken connection may have been after the final dot.
  return new DeliveryError(
    text,
    code !== undefined ? code >= 500 : e.code === 'EAUTH',
    code === undefined && e.code !== 'EAUTH' && e.code !== 'ECONNECTION',
  );
}
