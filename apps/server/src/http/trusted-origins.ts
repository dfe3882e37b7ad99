import type { Config } from '../config';

/** localhost and 127.0.0.1 name the same local server: a local PUBLIC_URL is trusted in both spellings. */
function loopbackTwins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (url.hostname === 'localhost') return [publicUrl.replace('//localhost', '//127.0.0.1')];
  if (url.hostname === '127.0.0.1') return [publicUrl.replace('//127.0.0.1', '//localhost')];
  return [];
}

/** The origins whose pages may change data: the app's own address and TRUSTED_ORIGINS. */
export function trustedOrigins(config: Pick<Config, 'publicUrl' | 'trustedOrigins'>): string[] {
  const own = new URL(config.publicUrl).origin;
  return [own, ...loopbackTwins(own), ...config.trustedOrigins];
}
