import { BlockList, isIP } from 'node:net';

/** `::ffff:203.0.113.9` (IPv4 over a dual-stack socket) is the IPv4 address it carries. */
const plain = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/**
 * Whether a call from `ip` may use a key with this allow-list (CIDR ranges or single
 * addresses, validated at the contract). An empty list allows every address; an address
 * that cannot be read is allowed by none.
 */
export function withinAllowList(ip: string, cidrs: readonly string[]): boolean {
  if (!cidrs.length) return true;
  const address = plain(ip);
  const family = isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const c of cidrs) {
    const [net, bits] = c.split('/') as [string, string | undefined];
    const f = isIP(net);
    if (!f) continue;
    if (bits === undefined) list.addAddress(net, f === 4 ? 'ipv4' : 'ipv6');
    else list.addSubnet(net, Number(bits), f === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
