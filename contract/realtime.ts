// Real time, zod-free: the socket's path and its keep-alive (the event union is in realtime.api.ts).

/** The socket path; the bearer token travels in the `token` query parameter (spec point 7). */
export const SOCKET_PATH = '/ws/client/';

/**
 * Keep-alive of the socket. The client sends the text `ping` after HEARTBEAT_MS of silence and drops a socket that
 * stays silent HEARTBEAT_TIMEOUT_MS more (a phone that slept, a NAT that forgot the connection: no close ever
 * comes); the server answers `pong`. The server, for its part, sends protocol pings and ends sockets that stop
 * answering them, so dead connections do not hold memory.
 */
export const HEARTBEAT = { ping: 'ping', pong: 'pong', intervalMs: 25_000, timeoutMs: 10_000 } as const;

/**
 * Close codes the server ends a socket with when its sign-in session ends; the SPA signs the tab out and does not
 * reconnect. `signedOut`: a sign-out (in another tab of the same browser), a reused refresh token or a password
 * reset; `endedElsewhere`: the customer ended this session from another device (Профиль → Устройства и сеансы), so
 * the tab lands on /login saying so; `accountClosed`: the customer closed the account (in this tab or any other), so
 * every tab lands on /login with the erasure date. Before the close the server also sends
 * `{type: 'session.ended', reason}` (with `erase_at` when the account was closed).
 */
export const SESSION_CLOSE = { signedOut: 4001, endedElsewhere: 4002, accountClosed: 4003 } as const;

/**
 * The close code of a socket whose server lost its feed of events for a while (the database restarted or the
 * connection to it was cut) and has it again: events of the gap may be missing, so the client reconnects as after
 * any drop and reads again what it shows (the SPA's 'realtime.resumed'). 1012 is the standard "service restart".
 */
export const RESYNC_CLOSE = 1012;

/**
 * What a client may send on the socket, which only receives events (the one thing a client says is `ping`): a frame
 * over `maxFrameBytes` closes the socket with 1009 (ws refuses it on the frame's header, before buffering it), and
 * more than `messagesPerWindow` messages (pings included) in `windowMs` close it with 1008.
 */
export const SOCKET_LIMITS = { maxFrameBytes: 4 * 1024, messagesPerWindow: 30, windowMs: 10_000 } as const;

/** Close codes for a client that broke SOCKET_LIMITS. */
export const LIMIT_CLOSE = { tooBig: 1009, flood: 1008 } as const;
