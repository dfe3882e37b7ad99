/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app's version, from the repository's package.json at build time (vite.config.ts). */
  readonly VITE_APP_VERSION?: string;
  /** Host of the AI provider, for a preconnect hint (optional). */
  readonly VITE_AI_PROVIDER_HOST?: string;
  /** Host of the map tiles, for a preconnect hint (optional). */
  readonly VITE_MAPS_HOST?: string;
  /** Font hosts, comma separated, for preconnect hints (optional). */
  readonly VITE_FONT_HOSTS?: string;
}
