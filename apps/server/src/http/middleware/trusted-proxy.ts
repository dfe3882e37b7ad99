import { BlockList, isIP } from 'node:net';
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config, TrustProxy } from '../../config';
import type { AppEnv } from '../context';

// Who the client is, and whether it used HTTPS. The socket's peer is the client unless it is a
// trusted reverse proxy (TRUST_PROXY): only then do X-Forwarded-For and X-Forwarded-Proto count,
// since any client can send those headers. Rate limits, sign-in limits and audit rows key on the
// address resolved here; HSTS follows the protocol resolved here.

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function plain(address: string): string {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

function blockListOf(addresses: string[]): BlockList {
  const list = new BlockList();
  for (const item of addresses) {
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = item.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

export type ForwardedView = { clientIp: string; https: boolean };

/** Resolves the client address and protocol of one request from its socket peer and headers. */
export function createForwardedResolver(trust: TrustProxy | null) {
  const list = trust && 'addresses' in trust ? blockListOf(trust.addresses) : null;
  const isTrusted = (address: string, hopsFromSocket: number): boolean => {
    if (!trust) return false;
    if ('hops' in trust) return hopsFromSocket < trust.hops;
    const family = isIP(address);
    return family !== 0 && (list?.check(address, family === 6 ? 'ipv6' : 'ipv4') ?? false);
  };
  return (peer: string, forwardedFor: string | undefined, forwardedProto: string | undefined): ForwardedView => {
    const socket = plain(peer);
    if (!isTrusted(socket, 0)) return { clientIp: socket, https: false };
    // Right to left: the socket's peer, then each address a proxy appended; the first one not
    // trusted is the client. An entry that is not an address stops the walk at the last proxy.
    const chain = (forwardedFor ?? '').split(',').map(plain).filter(Boolean);
    let client = socket;
    for (let hop = 1; chain.length > 0; hop++) {
      const next = chain.pop() ?? '';
      if (isIP(next) === 0) break;
      client = next;
      if (!isTrusted(next, hop)) break;
    }
    // The proxy next to us sets the protocol: its value is the last one in the list.
    const proto = forwardedProto?.split(',').pop()?.trim().toLowerCase();
    return { clientIp: client, https: proto === 'https' };
  };
}

/** Puts the resolved client address and forwarded protocol on the context, before anything reads them. */
export function trustedProxy(config: Pick<Config, 'trustProxy'>) {
  const resolveView = createForwardedResolver(config.trustProxy);
  return createMiddleware<AppEnv>(async (c, next) => {
    let peer = 'unknown';
    try {
      peer = getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // Not a Node socket (app.request in a test): no peer to trust.
    }
    const view = resolveView(peer, c.req.header('x-forwarded-for'), c.req.header('x-forwarded-proto'));
    c.set('clientIp', view.clientIp);
    c.set('forwardedHttps', view.https);
    await next();
  });
}
