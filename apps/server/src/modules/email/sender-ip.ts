import { isIP } from 'node:net';
import type { StoredHeader } from '../../db/schema';

/**
 * The sender's IP address from a message's headers (docs/decisions/email.md):
 * 1. X-Originating-IP / X-Sender-IP (webmail services put the client's address there), if public;
 * 2. else the oldest (bottom-most) Received header whose "from" part names a public address: the
 *    first hop outside the sender's own network, which is where the sender is.
 * Private, loopback, link-local, shared and documentation ranges are skipped. '' when none.
 */
export function senderIpFromHeaders(headers: readonly StoredHeader[]): string {
  for (const { key, value } of headers) {
    const k = key.toLowerCase();
    if (k === 'x-originating-ip' || k === 'x-sender-ip') {
      const ip = firstPublicIp(value);
      if (ip) return ip;
    }
  }
  const received = headers.filter((h) => h.key.toLowerCase() === 'received').map((h) => h.value);
  for (const value of received.reverse()) {
    const fromPart = value.replace(/\s+/g, ' ').match(/^\s*from (.*?)(?: by |;|$)/i)?.[1];
    if (!fromPart) continue;
    const ip = firstPublicIp(fromPart);
    if (ip) return ip;
  }
  return '';
}

function firstPublicIp(text: string): string {
  const candidates = [
    ...text.matchAll(/\[(?:ipv6:)?([0-9a-f:.]+)\]/gi),
    ...text.matchAll(/\b(\d{1,3}(?:\.\d{1,3}){3})\b/g),
    ...text.matchAll(/\b([0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7})\b/gi),
  ];
  for (const match of candidates) {
    const ip = normaliseIp(match[1] ?? '');
    if (ip && isPublicIp(ip)) return ip;
  }
  return '';
}

function normaliseIp(raw: string): string {
  const ip = raw.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  return isIP(ip) ? ip : '';
}

const privateV4: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 (shared)
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24
  [0xc0000200, 24], // 192.0.2/24 (documentation)
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 (benchmarking)
  [0xc6336400, 24], // 198.51.100/24 (documentation)
  [0xcb007100, 24], // 203.0.113/24 (documentation)
  [0xe0000000, 3], // 224/3 (multicast, reserved)
];

export function isPublicIp(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) {
    const n = ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    return !privateV4.some(
      ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
    );
  }
  if (kind === 6) {
    const v = ip.toLowerCase();
    if (v === '::' || v === '::1') return false;
    // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast, 2001:db8::/32 documentation.
    return !/^(f[cd]|fe[89ab]|ff)/.test(v) && !v.startsWith('2001:db8:');
  }
  return false;
}
