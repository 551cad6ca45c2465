import { lookup as lookupCallback } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Addresses a push service never has: private, loopback, link-local, shared, documentation, multicast and reserved ranges.
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether the server may post to this address; a loopback one only with PUSH_ALLOW_LOOPBACK (tests). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  // An IPv4-mapped address is never a push service's (BlockList would match it against the IPv4 rules only).
  if (/^::ffff:/i.test(address)) return false;
  const family = familyOf(address);
  if (allowLoopback && LOOPBACK.check(address, family)) return true;
  return !NOT_PUBLIC.check(address, family);
}

const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * An endpoint the server will post to: `https:` on a name whose every address is public (a name
 * that also resolves to a private address is refused). With `allowLoopback`, a loopback one too,
 * over `http:` as well (the tests' fake push service).
 */
export async function isSafeEndpoint(endpoint: string, allowLoopback: boolean): Promise<boolean> {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback)) return false;
  const host = stripBrackets(url.hostname);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);
  } catch {
    return false;
  }
  if (addresses.length === 0 || !addresses.every((address) => isAllowedAddress(address, allowLoopback))) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowLoopback && addresses.every((address) => LOOPBACK.check(address, familyOf(address)));
}

/**
 * The request's own lookup: the addresses it connects to are checked again at send time, so a name
 * that turned private since the subscription (DNS rebinding) is never reached.
 */
export function safeLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = (found as { address: string; family: number }[]).filter((entry) => isAllowedAddress(entry.address, allowLoopback));
      const first = addresses[0];
      if (first === undefined) return callback(new Error(`${hostname} has no public address`), '', 0);
      if (options.all) return (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}
