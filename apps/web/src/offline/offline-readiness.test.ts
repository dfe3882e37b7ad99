import { afterEach, describe, expect, it, vi } from 'vitest';

// The readiness is one store per page: each test loads a fresh copy of the module.
async function freshModule() {
  vi.resetModules();
  return import('./offline-readiness');
}

function stubServiceWorker(active: boolean) {
  let activate: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    activate = resolve;
  });
  const registration = active ? { active: {} } : { active: null };
  Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: () => Promise.resolve(registration), ready }, configurable: true });
  return { activate };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('ready for offline', () => {
  it('waits for the service worker to be active and for every field screen, and says what is still downloading', async () => {
    const worker = stubServiceWorker(false);
    const readiness = await freshModule();
    readiness.watchOfflineCopy({ prod: true });
    readiness.reportFieldScreens({ loaded: 3, total: 19, failed: 0 });
    await Promise.resolve();
    expect(readiness.readOfflineReadiness()).toEqual({ copy: 'saving', screens: { loaded: 3, total: 19, failed: 0 } });
    expect(readiness.isReadyForOffline(readiness.readOfflineReadiness())).toBe(false);

    worker.activate();
    await vi.waitFor(() => expect(readiness.readOfflineReadiness().copy).toBe('saved'));
    expect(readiness.isReadyForOffline(readiness.readOfflineReadiness())).toBe(false);
    readiness.reportFieldScreens({ loaded: 19, total: 19, failed: 0 });
    expect(readiness.isReadyForOffline(readiness.readOfflineReadiness())).toBe(true);
  });

  it('knows a worker active from an earlier visit at once', async () => {
    stubServiceWorker(true);
    const readiness = await freshModule();
    readiness.watchOfflineCopy({ prod: true });
    await vi.waitFor(() => expect(readiness.readOfflineReadiness().copy).toBe('saved'));
  });

  it('is never ready where the app cannot be kept: a development build, no service worker, a failed registration', async () => {
    stubServiceWorker(true);
    let readiness = await freshModule();
    readiness.watchOfflineCopy({ prod: false });
    expect(readiness.readOfflineReadiness().copy).toBe('unavailable');

    Reflect.deleteProperty(navigator, 'serviceWorker');
    readiness = await freshModule();
    readiness.watchOfflineCopy({ prod: true });
    expect(readiness.readOfflineReadiness().copy).toBe('unavailable');

    readiness = await freshModule();
    readiness.reportOfflineCopyUnavailable();
    readiness.reportFieldScreens({ loaded: 19, total: 19, failed: 0 });
    expect(readiness.isReadyForOffline(readiness.readOfflineReadiness())).toBe(false);
  });
});
