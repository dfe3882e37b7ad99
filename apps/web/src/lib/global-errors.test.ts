import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandlers, NOT_HTTPS_MESSAGE, resetGlobalErrorHandlersForTests } from './global-errors';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

afterEach(() => {
  resetGlobalErrorHandlersForTests();
  vi.restoreAllMocks();
});

describe('global error handlers', () => {
  it('maps an unhandled rejection through mapError and logs it with console.error and the request id', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installGlobalErrorHandlers({ protocol: 'https:' });
    const reason = new TypeError('Failed to fetch');
    window.dispatchEvent(rejection(reason));
    expect(consoleError).toHaveBeenCalledTimes(1);
    const [text, original] = consoleError.mock.calls[0] ?? [];
    expect(text).toMatch(/^Unhandled promise rejection \[NETWORK_ERROR\] request /);
    expect(text).toMatch(UUID);
    expect(text).toContain('Network error. Please check your connection and try again.');
    expect(original).toBe(reason);
  });

  it("maps an uncaught 'error' event (its error, else its message)", () => {
    const log = vi.fn();
    installGlobalErrorHandlers({ protocol: 'https:', log });
    const error = new Error('Permission denied for this claim');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).toMatch(/^Uncaught error \[PERMISSION_ERROR\] request .+: You do not have permission to perform this action\.$/);
    expect(log.mock.calls[0]?.[1]).toBe(error);
    expect(log.mock.calls[1]?.[0]).toMatch(/^Uncaught error \[UNKNOWN_ERROR\] request .+: An unexpected error occurred\. Please try again\.$/);
  });

  it('installs once and stops listening after uninstall', () => {
    const log = vi.fn();
    const uninstall = installGlobalErrorHandlers({ protocol: 'https:', log });
    expect(installGlobalErrorHandlers({ protocol: 'https:', log })).toBe(uninstall);
    window.dispatchEvent(rejection('server exploded'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('[SERVER_ERROR]');
    uninstall();
    window.dispatchEvent(rejection('server exploded'));
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('logs one console error when not served over HTTPS, even on localhost', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(window.location.protocol).toBe('http:');
    installGlobalErrorHandlers();
    installGlobalErrorHandlers();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(NOT_HTTPS_MESSAGE);
    expect(NOT_HTTPS_MESSAGE.startsWith('Not served over HTTPS')).toBe(true);
  });

  it('says nothing about HTTPS when served over https:', () => {
    const log = vi.fn();
    installGlobalErrorHandlers({ protocol: 'https:', log });
    expect(log).not.toHaveBeenCalled();
  });
});
