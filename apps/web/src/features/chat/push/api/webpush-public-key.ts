import { webpushPublicKeyResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../../lib/api-client';

// GET /api/functions/webpush-public-key: the server's VAPID public key, which a device subscribes with.

export async function fetchWebpushPublicKey(): Promise<string> {
  return (await api.get('/api/functions/webpush-public-key', { schema: webpushPublicKeyResponseSchema })).publicKey;
}
