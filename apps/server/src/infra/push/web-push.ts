import { Agent, fetch, type Response } from 'undici';
import webpush from 'web-push';
import { checkEndpointUrl, PushAddressRefusedError, publicAddressLookup, type PushEndpointRules } from './push-endpoint';
import type { VapidKeys } from './vapid-keys';

/** A browser's push subscription as stored: its push service endpoint and its encryption keys. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * What the push service answered: delivered, or `gone` (404/410: the browser dropped the
 * subscription, so it must be deleted); or `refused`: the endpoint is not a push service at a public
 * address (push-endpoint.ts), so no connection was opened and the subscription must be deleted too.
 * Any other failure is thrown as a PushDeliveryError.
 */
export type PushOutcome = 'delivered' | 'gone' | 'refused';

export class PushDeliveryError extends Error {
  constructor(
    message: string,
    public readonly statusCode: number | null,
  ) {
    super(message);
  }
}

export type PushSenderOptions = {
  /** The contact the push services see in the VAPID claims (mailto: or https:). */
  subject: string;
  keys: VapidKeys;
  /** Where a push may be sent (public addresses only, but for the listed test hosts). */
  endpoints: PushEndpointRules;
  /** The whole request's time limit. */
  timeoutMs?: number;
  /** How long the push service keeps an undelivered message, in seconds. */
  ttlSeconds?: number;
};

/** Push requests give up after 10 s; a chat push older than an hour is no longer worth showing. */
export const PUSH_TIMEOUT_MS = 10_000;
export const PUSH_TTL_SECONDS = 3600;

/**
 * Sends web push messages. web-push builds the request (the payload encrypted with aes128gcm for the
 * subscription's keys, the VAPID JWT signed with our key for the endpoint's origin); the request is
 * sent with undici's fetch, whose time limit covers the whole exchange and which speaks plain http as
 * well as https (web-push's own sender only opens TLS connections). The endpoint comes from the
 * browser (the subscription it made), so it is checked before anything is sent: the URL's rules
 * first, then the connection resolves the host through `publicAddressLookup`, which connects only to
 * the public addresses it checked. Only the listed test hosts connect without that lookup.
 */
export function createPushSender({ subject, keys, endpoints, timeoutMs = PUSH_TIMEOUT_MS, ttlSeconds = PUSH_TTL_SECONDS }: PushSenderOptions) {
  const publicOnly = new Agent({ connect: { lookup: publicAddressLookup } });
  const testHosts = new Agent();

  async function send(target: PushTarget, payload: object): Promise<PushOutcome> {
    const checked = checkEndpointUrl(target.endpoint, endpoints);
    if (!checked.ok) return 'refused';
    const request = webpush.generateRequestDetails(target, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
        dispatcher: checked.listed ? testHosts : publicOnly,
      });
    } catch (error) {
      if (error instanceof Error && error.cause instanceof PushAddressRefusedError) return 'refused';
      throw new PushDeliveryError(`push request failed: ${error instanceof Error ? error.message : String(error)}`, null);
    }
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status < 200 || response.status > 299) throw new PushDeliveryError(`push service answered ${response.status}`, response.status);
    return 'delivered';
  }

  return { send };
}

export type PushSender = ReturnType<typeof createPushSender>;
