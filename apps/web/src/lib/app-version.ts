// The version of the app running in this browser, written in at build time from the repository's
// package.json (vite.config.ts); a unit test runs without it.

export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'development';
