// Prefetch hints for the AI provider, map and font hosts: only the hosts
// that are configured (VITE_AI_PROVIDER_HOST, VITE_MAPS_HOST, VITE_FONT_HOSTS), nothing otherwise.

export type HintHosts = { aiProvider?: string; maps?: string; fonts?: string };

/** https origins from the configured values; anything that is not an https origin is ignored. */
export function hintOrigins(hosts: HintHosts): string[] {
  const values = [hosts.aiProvider, hosts.maps, ...(hosts.fonts ?? '').split(',')].map((v) => v?.trim()).filter((v): v is string => Boolean(v));
  const origins = new Set<string>();
  for (const value of values) {
    try {
      const url = new URL(value.includes('://') ? value : `https://${value}`);
      if (url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not a host: no hint.
    }
  }
  return [...origins];
}

export function addPrefetchHints(hosts: HintHosts, head: HTMLElement = document.head): void {
  for (const origin of hintOrigins(hosts)) {
    if (head.querySelector(`link[rel="preconnect"][href="${origin}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = 'anonymous';
    head.appendChild(link);
  }
}

export const configuredHintHosts = (): HintHosts => ({
  aiProvider: import.meta.env.VITE_AI_PROVIDER_HOST,
  maps: import.meta.env.VITE_MAPS_HOST,
  fonts: import.meta.env.VITE_FONT_HOSTS,
});
