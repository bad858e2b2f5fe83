import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { MailSettings } from '../../../server/delivery/settings';

type SmtpMail = Extract<MailSettings, { driver: 'smtp' }>;

export interface LocalSmtp {
  /** The server's mail settings that send here (`loopbackMail`). */
  mail: SmtpMail;
  /** Letters accepted so far, parsed. */
  letters: ParsedMail[];
  /** Answers for a recipient instead of accepting it: `451 …` (try later) or `550 …` (never). */
  refuse: Map<string, { code: number; text: string }>;
  close(): Promise<void>;
}

/** The server's mail settings that send to `port` on loopback: plain SMTP, no login, the service's sender. */
export function loopbackMail(port: number): SmtpMail {
  return {
    driver: 'smtp',
    host: '127.0.0.1',
    port,
    secure: false,
    requireTls: false,
    user: undefined,
    password: undefined,
    from: 'Личный кабинет <noreply@cabinet.test>',
  };
}

/** A real SMTP server on loopback (smtp-server), no TLS and no login, that parses what it accepts (mailparser). */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const letters: ParsedMail[] = [];
  const refuse: LocalSmtp['refuse'] = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse.get(address.address);
      if (!refusal) return callback();
      const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
      callback(err);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (letter) => {
          letters.push(letter);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mail: loopbackMail(port),
    letters,
    refuse,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
