import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: the keys it made, which the stand-in decrypts with. */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  /** `vapid t=…, k=…` as sent. */
  authorization: string;
  ttl: string | undefined;
}

export interface PushStandIn {
  /** A new browser subscription on this push service. */
  subscribe(): StandInSubscription;
  /** Answer pushes to this endpoint with 404 or 410 from now on (the browser dropped the subscription). */
  gone(endpoint: string, status: 404 | 410): void;
  received: ReceivedPush[];
  close(): Promise<void>;
}

/**
 * A push service on loopback, as RFC 8030 describes one: it takes a POST to a subscription's endpoint, answers 201
 * (or 404/410 for a subscription that is gone), and — doing what the browser would — decrypts the payload with the
 * subscription's private key and auth secret (RFC 8291, aes128gcm of RFC 8188), so a test reads what was sent.
 */
export async function startPushStandIn(): Promise<PushStandIn> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  let origin = '';
  let counter = 0;

  function decrypt(endpoint: string, body: Buffer): Record<string, unknown> {
    const b = browsers.get(endpoint)!;
    const salt = body.subarray(0, 16);
    const idlen = body[20]!;
    const serverKey = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    const shared = b.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b.ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, b.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 2 and any zero padding (RFC 8188 §2).
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) throw new Error('no last-record delimiter');
    return JSON.parse(plain.subarray(0, end).toString('utf8')) as Record<string, unknown>;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const browser = browsers.get(endpoint);
      if (req.method !== 'POST' || !browser) return void res.writeHead(404).end();
      if (browser.status !== 201) return void res.writeHead(browser.status).end();
      if (req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(400).end('encoding');
      const authorization = req.headers.authorization ?? '';
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(authorization))
        return void res.writeHead(401).end('vapid');
      try {
        const payload = decrypt(endpoint, Buffer.concat(chunks));
        received.push({ endpoint, payload, authorization, ttl: req.headers.ttl as string | undefined });
      } catch (err) {
        return void res.writeHead(400).end(String(err));
      }
      res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${++counter}`;
      browsers.set(endpoint, { ecdh, auth, status: 201 });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    gone(endpoint, status) {
      browsers.get(endpoint)!.status = status;
    },
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
