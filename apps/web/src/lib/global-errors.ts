import type { ErrorResult } from '@ridgeline/shared/domain/errors';
import { mapError } from '@ridgeline/shared/domain/error-mapper';

// Unhandled promise rejections and uncaught errors are handled globally (mapped by
// message content, each with a generated request id, and logged), and a console error is logged
// when the app is not served over HTTPS.

export const NOT_HTTPS_MESSAGE = 'Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;
type Options = { target?: Target; protocol?: string; log?: (...data: unknown[]) => void };

let uninstallCurrent: (() => void) | null = null;
let httpsWarned = false;

function report(kind: string, error: unknown, log: (...data: unknown[]) => void): ErrorResult {
  return mapError(error, { log: (result, original) => log(`${kind} [${result.code}] request ${result.requestId}: ${result.message}`, original) });
}

/** Listens for 'unhandledrejection' and 'error' on window (once per page); returns the uninstall function. */
export function installGlobalErrorHandlers(options: Options = {}): () => void {
  const log = options.log ?? ((...data: unknown[]) => console.error(...data));
  const protocol = options.protocol ?? window.location.protocol;
  if (protocol !== 'https:' && !httpsWarned) {
    httpsWarned = true;
    log(NOT_HTTPS_MESSAGE);
  }
  if (uninstallCurrent) return uninstallCurrent;

  const target = options.target ?? window;
  const onRejection = (event: PromiseRejectionEvent) => {
    report('Unhandled promise rejection', event.reason, log);
  };
  const onError = (event: ErrorEvent) => {
    report('Uncaught error', event.error ?? event.message, log);
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  const uninstall = () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
    if (uninstallCurrent === uninstall) uninstallCurrent = null;
  };
  uninstallCurrent = uninstall;
  return uninstall;
}

/** Tests only: forget that the HTTPS warning was logged. */
export function resetGlobalErrorHandlersForTests(): void {
  uninstallCurrent?.();
  uninstallCurrent = null;
  httpsWarned = false;
}
