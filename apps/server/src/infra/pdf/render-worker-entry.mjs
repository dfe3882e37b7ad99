// The render worker's entry when the server runs from its TypeScript sources (node --import tsx,
// vitest): a worker thread does not inherit the parent's loader, so it registers tsx itself, then
// loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
