import { lookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Where the server may send a web push. A push endpoint comes from the browser, so a user can hand
// the server any URL; the server only ever connects to a push service on a public address:
// - the URL is https (plain http outside production) and carries no user name or password;
// - its host is a name, not an address: an IP address written as the host, in any form the URL
//   parser reads as one (127.0.0.1, 0x7f000001, 2130706433, 0177.0.0.1, [::1], [::ffff:7f00:1]),
//   is refused, because push services are named hosts;
// - every address the name resolves to is a public unicast address: loopback, private (RFC 1918),
//   shared (CGNAT 100.64.0.0/10), link-local (the cloud metadata address 169.254.169.254 among
//   them), unique-local IPv6, unspecified, multicast, broadcast, documentation and other reserved
//   ranges, and IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4, Teredo) are
//   refused (ipaddr.js names the ranges).
// The check runs when a subscription is stored, and again when a push is sent: the sender connects
// through `publicAddressLookup`, which resolves the name, checks every address and hands the checked
// addresses to the connection, so a name that changes its answer after the check is still refused.
// Hosts listed in PUSH_TEST_HOSTS (host:port, the test suite's local push service) skip the address
// rules; the configuration refuses the list in production.

export type PushEndpointRules = {
  /** Plain http endpoints are accepted (outside production). */
  allowHttp: boolean;
  /** host:port of push services reached whatever their address (PUSH_TEST_HOSTS, lower case). */
  testHosts: readonly string[];
};

export type EndpointCheck = { ok: true; url: URL; listed: boolean } | { ok: false; reason: string };

/** A push endpoint's host resolved to an address that is not public: the connection is never opened. */
export class PushAddressRefusedError extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
}

/** How long a push endpoint's name may take to resolve. */
export const RESOLVE_TIMEOUT_MS = 5000;

/** IPv6 ranges refused besides ipaddr.js's named ones: IPv4-compatible addresses (::/96, deprecated by RFC 4291). */
const EXTRA_REFUSED = [ipaddr.parseCIDR('::/96')];

/** Whether an address is a public unicast address (an IPv4-mapped IPv6 address is judged as the IPv4 it carries). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return !EXTRA_REFUSED.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}

/** The URL's own rules (scheme, no credentials, a named host), before any resolution. */
export function checkEndpointUrl(endpoint: string, rules: PushEndpointRules): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'https:' && !(rules.allowHttp && url.protocol === 'http:')) return { ok: false, reason: `scheme ${url.protocol}` };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials in the URL' };
  if (rules.testHosts.includes(url.host)) return { ok: true, url, listed: true };
  const bare = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) return { ok: false, reason: 'an IP address as the host' };
  return { ok: true, url, listed: false };
}

/** Every address of a name (the system resolver, as connections use it), within RESOLVE_TIMEOUT_MS. */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`resolving ${hostname} took longer than ${RESOLVE_TIMEOUT_MS} ms`)), RESOLVE_TIMEOUT_MS);
    lookup(hostname, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/** Why a name's addresses are refused, or null when every one is public. */
function refusedAddresses(hostname: string, addresses: LookupAddress[]): string | null {
  if (addresses.length === 0) return `${hostname} has no address`;
  const refused = addresses.filter((entry) => !isPublicAddress(entry.address));
  return refused.length === 0 ? null : `${hostname} resolves to ${refused.map((entry) => entry.address).join(', ')}`;
}

/** The whole check of a push endpoint: the URL's rules, then every address its host resolves to. */
export async function checkPushEndpoint(endpoint: string, rules: PushEndpointRules): Promise<EndpointCheck> {
  const checked = checkEndpointUrl(endpoint, rules);
  if (!checked.ok || checked.listed) return checked;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(checked.url.hostname);
  } catch (error) {
    return { ok: false, reason: `${checked.url.hostname} could not be resolved: ${error instanceof Error ? error.message : String(error)}` };
  }
  const refused = refusedAddresses(checked.url.hostname, addresses);
  return refused ? { ok: false, reason: refused } : checked;
}

/**
 * The connection's own name lookup: resolves, refuses the connection unless every address is public,
 * and gives the connection exactly the addresses it checked (so no second resolution can differ).
 */
export const publicAddressLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    const refused = refusedAddresses(hostname, addresses);
    const [first] = addresses;
    if (refused || !first) {
      callback(new PushAddressRefusedError(refused ?? `${hostname} has no address`), '');
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};
