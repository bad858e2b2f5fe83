import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface LocalSmtp {
  port: number;
  /** Letters accepted so far, parsed. */
  letters: ParsedMail[];
  /** Answers for a recipient instead of accepting it: `451 …` (try later) or `550 …` (never). */
  refuse: Map<string, { code: number; text: string }>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server), no TLS and no login, that parses what it accepts (mailparser). */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const smtp: LocalSmtp = {
    port: 0,
    letters: [],
    refuse: new Map(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = smtp.refuse.get(address.address);
      if (!refusal) return callback();
      const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
      callback(err);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (letter) => {
          smtp.letters.push(letter);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.port = (server.server.address() as AddressInfo).port;
  return smtp;
}
