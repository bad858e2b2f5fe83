import { isIP } from 'node:net';

// What the devices list says about a session: the browser and system read from its user agent, and the network it
// came from with the host part of the address cut off. A short reader of the few browsers and systems customers use
// rather than a parser package: the list only has to let a customer recognise their own devices.

export interface UserAgentInfo {
  /** 'Chrome 120', 'Safari 17', 'Яндекс Браузер 24'; '' when the agent tells nothing. */
  browser: string;
  /** 'Windows', 'macOS', 'iOS 17', 'Android 14', 'Linux'; '' when unknown. */
  os: string;
  device: 'desktop' | 'phone' | 'tablet';
}

/** Longer user agents are cut to this before they are stored. */
export const USER_AGENT_MAX = 512;

/** The first match wins: browsers built on Chromium name themselves before the "Chrome/" they all carry. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/YaBrowser\/(\d+)/, 'Яндекс Браузер'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)(?:\.\d+)*.*Safari\//, 'Safari'],
];

function system(ua: string): string {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)/.exec(ua);
  if (ios) return `iOS ${ios[1]}`;
  const android = /Android (\d+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Android/.test(ua)) return 'Android';
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return '';
}

export function parseUserAgent(raw: string): UserAgentInfo {
  const ua = raw.slice(0, USER_AGENT_MAX);
  let browser = '';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const tablet = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua));
  const phone = !tablet && /Mobi|iPhone|iPod|Android/.test(ua);
  return { browser, os: system(ua), device: tablet ? 'tablet' : phone ? 'phone' : 'desktop' };
}

/** The eight groups of an IPv6 address, '::' expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right];
}

/**
 * The network of an address, never the whole address: IPv4 keeps its first three octets (203.0.113.*), IPv6 its
 * first three groups, the /48 a provider gives a site (2001:db8:85a3:…:*). '' for anything that is no address.
 */
export function maskIp(address: string): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return `${bare.split('.').slice(0, 3).join('.')}.*`;
  if (kind === 6)
    return `${ipv6Groups(bare.toLowerCase())
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}:…:*`;
  return '';
}
