import net from 'node:net';

/**
 * The rate-limit bucket of a client address. An IPv6 client usually holds a whole /64 (one
 * customer's or host's prefix) and can hop between its addresses at will, so IPv6 is counted per
 * /64; IPv4, and IPv4 mapped into IPv6, per address.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  const address = ip.split('%')[0];
  if (!net.isIPv6(address)) return `address:${ip}`;
  const groupsIn = (part: string) => (part ? part.split(':') : []).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head, tail] = address.split('::');
  const front = groupsIn(head);
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - groupsIn(tail).length).fill('0'), ...groupsIn(tail)];
  return `address:${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
