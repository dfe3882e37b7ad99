import type { ServerOptions } from 'node:http';
import type { Config } from '../config';

// A slow client (headers or body trickling in a byte at a time) holds a connection and its memory
// for as long as the server lets it. These limits bound that, set where the server is created.

/** How often Node checks connections against the header and request timeouts (its default is 30 s). */
const CHECK_INTERVAL_MS = 1000;

/** The Node HTTP server options for `serve({ serverOptions })`. */
export function httpServerOptions(config: Pick<Config, 'timeouts'>): ServerOptions {
  return {
    // The whole header block must arrive within this, or the connection is answered 408 and closed.
    headersTimeout: config.timeouts.headersMs,
    // The whole request (headers and body) must arrive within this: the largest upload at a slow rate.
    requestTimeout: config.timeouts.requestMs,
    // An idle keep-alive connection is closed after this.
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
}
