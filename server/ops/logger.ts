import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogLevel } from '../config';

export type { Logger };

/**
 * What may never reach a log line, wherever an object carrying it is logged: credentials in headers, passwords and
 * tokens in bodies or query objects. Request lines log the path without its query string (the socket's bearer travels
 * in `?token=`), and no request body is ever logged; these paths catch whatever is logged by mistake later.
 */
const SECRETS = [
  ...['req.headers', 'res.headers', 'headers'].flatMap((h) => [
    `${h}.authorization`,
    `${h}.cookie`,
    `${h}["set-cookie"]`,
  ]),
  ...['password', 'password_confirm', 'token', 'access', 'refresh'].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * Readable lines for a person at a terminal (`npm start` typed by hand): pino-pretty, written synchronously so the
 * last line before an exit is not lost. The fields are the JSON ones; redaction happens before this stream sees them.
 */
function terminal(): DestinationStream {
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

/**
 * One JSON object per line on stdout — or on `destination`, which tests read — for collectors, files and pipes; when
 * stdout is a terminal and no destination is given, the same lines made readable.
 */
export function createLogger(
  level: LogLevel,
  destination?: DestinationStream,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRETS, censor: '[redacted]' },
    },
    destination ?? (stdoutIsTerminal ? terminal() : undefined),
  );
}
