import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-sw';

function stubServiceWorker() {
  const register = vi.fn(() => Promise.resolve({}));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  return register;
}

function stubReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

describe('registerServiceWorker', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'readyState');
  });

  it('registers /sw.js after the load event in a production build', () => {
    const register = stubServiceWorker();
    stubReadyState('interactive');
    registerServiceWorker({ prod: true });
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js');
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers at once when the page has already loaded', () => {
    const register = stubServiceWorker();
    stubReadyState('complete');
    registerServiceWorker({ prod: true });
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js');
  });

  it('does nothing in development or without service worker support', () => {
    const register = stubServiceWorker();
    stubReadyState('complete');
    registerServiceWorker({ prod: false });
    expect(register).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker({ prod: true })).not.toThrow();
  });

  it('only warns when the registration fails', async () => {
    const failure = new Error('blocked');
    const register = vi.fn(() => Promise.reject(failure));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    stubReadyState('complete');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    registerServiceWorker({ prod: true });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('The offline shell could not be installed.', failure));
    warn.mockRestore();
  });
});
