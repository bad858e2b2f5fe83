import type { OutboxRow } from './channel';

/** Kinds that tell the customer about something rather than answer their request: they carry List-Unsubscribe. */
export const NOTIFICATION_KINDS: ReadonlySet<string> = new Set(['welcome', 'email_changed']);

const UNSUBSCRIBE_TEXT = 'Отписаться от таких писем';

export interface Letter {
  subject: string;
  text: string;
  html: string;
  /** The customer's language; the cabinet speaks Russian (spec), so every letter is in it. */
  language: 'ru';
  notification: boolean;
  /** A service notification's one-click unsubscribe link (RFC 8058), for its kind. */
  unsubscribe?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const URL_RE = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** One paragraph of the body: its text escaped, its links clickable. */
function paragraph(line: string): string {
  let html = '';
  let at = 0;
  for (const m of line.matchAll(URL_RE)) {
    html += escape(line.slice(at, m.index));
    html += `<a href="${escape(m[0])}" style="color:#1f5fbf;text-decoration:underline;word-break:break-all">${escape(m[0])}</a>`;
    at = m.index + m[0].length;
  }
  return html + escape(line.slice(at));
}

/**
 * The letter of an outbox message: the plain text as written, and an HTML part that mail clients render (a
 * centred 600 px table, inline styles only: clients strip <style> and ignore most CSS), with the message's link
 * as a button when it has one. Nothing is lost between the two: the HTML shows every line of the text.
 */
export function renderLetter(message: OutboxRow, serviceName: string): Letter {
  const str = (key: string) => (typeof message.payload[key] === 'string' ? message.payload[key] : undefined);
  const unsubscribe = str('unsubscribe');
  const notification = NOTIFICATION_KINDS.has(message.kind) || unsubscribe !== undefined;
  const link = str('link');
  const footer = unsubscribe
    ? 'Вы получили это письмо, потому что такие уведомления включены в профиле личного кабинета.'
    : notification
      ? 'Вы получили это письмо, потому что зарегистрированы в личном кабинете.'
      : 'Это письмо отправлено автоматически, отвечать на него не нужно.';
  const text = `${message.body}\n\n—\n${serviceName}. ${footer}${unsubscribe ? ` ${UNSUBSCRIBE_TEXT}: ${unsubscribe}` : ''}\n`;
  const paragraphs = message.body
    .split('\n')
    .filter((l) => l.trim())
    .map(
      (l) =>
        `<tr><td style="padding:0 32px 16px;font:16px/24px Arial,Helvetica,sans-serif;color:#1b1b1f">${paragraph(l)}</td></tr>`,
    )
    .join('');
  const button = link
    ? `<tr><td style="padding:8px 32px 24px"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background:#1f5fbf;border-radius:6px"><a href="${escape(link)}" style="display:inline-block;padding:12px 24px;font:bold 16px/20px Arial,Helvetica,sans-serif;color:#ffffff;text-decoration:none">${escape(str('button') ?? 'Открыть личный кабинет')}</a></td></tr></table></td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(message.subject)}</title></head>
<body style="margin:0;padding:0;background:#f2f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f2f3f5"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px 8px;font:bold 20px/28px Arial,Helvetica,sans-serif;color:#1b1b1f">${escape(message.subject || serviceName)}</td></tr>
${paragraphs}${button}
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e3e4e8;font:12px/18px Arial,Helvetica,sans-serif;color:#6b6b76">${escape(serviceName)}. ${escape(footer)}${unsubscribe ? ` <a href="${escape(unsubscribe)}" style="color:#6b6b76">${UNSUBSCRIBE_TEXT}</a>` : ''}</td></tr>
</table></td></tr></table>
</body></html>`;
  return {
    subject: message.subject || serviceName,
    text,
    html,
    language: 'ru',
    notification,
    ...(unsubscribe ? { unsubscribe } : {}),
  };
}
