// The security log keeps the latest 50 error/warning entries in local storage;
// the message is cut to 200 characters and the context (as JSON) to 500.

export const SECURITY_LOG_KEY = 'ridgeline.security-log';
export const SECURITY_LOG_LIMITS = { entries: 50, message: 200, context: 500 } as const;

export type SecurityLevel = 'error' | 'warning';

/** One logged event; `at` is an ISO timestamp, `context` a JSON string. */
export type SecurityLogEntry = { at: string; level: SecurityLevel; event: string; message: string; context: string };

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isEntry(data: unknown): data is SecurityLogEntry {
  if (typeof data !== 'object' || data === null) return false;
  const e = data as Record<string, unknown>;
  return (
    typeof e.at === 'string' &&
    (e.level === 'error' || e.level === 'warning') &&
    typeof e.event === 'string' &&
    typeof e.message === 'string' &&
    typeof e.context === 'string'
  );
}

/** The context as JSON, cut to 500 characters; never throws (cycles, BigInt). */
function contextText(context: unknown): string {
  if (context === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(context) ?? String(context);
  } catch {
    text = String(context);
  }
  return text.slice(0, SECURITY_LOG_LIMITS.context);
}

export function createSecurityLog(store: () => Store, now: () => Date = () => new Date()) {
  const listeners = new Set<() => void>();
  let lastRaw: string | null | undefined;
  let lastEntries: readonly SecurityLogEntry[] = [];

  function raw(): string | null {
    try {
      return store().getItem(SECURITY_LOG_KEY);
    } catch {
      return null;
    }
  }

  /** Stored entries, oldest first; anything unreadable is skipped. */
  function stored(): readonly SecurityLogEntry[] {
    const text = raw();
    if (text === lastRaw) return lastEntries;
    let entries: SecurityLogEntry[] = [];
    if (text !== null) {
      try {
        const data: unknown = JSON.parse(text);
        if (Array.isArray(data)) entries = data.filter(isEntry);
      } catch {
        entries = [];
      }
    }
    lastRaw = text;
    lastEntries = entries;
    return entries;
  }

  function save(entries: readonly SecurityLogEntry[]): void {
    try {
      if (entries.length === 0) store().removeItem(SECURITY_LOG_KEY);
      else store().setItem(SECURITY_LOG_KEY, JSON.stringify(entries));
    } catch {
      // Storage full or unavailable: the log is best effort.
    }
    for (const listener of listeners) listener();
  }

  let newestFirst: readonly SecurityLogEntry[] = [];
  let newestFirstOf: readonly SecurityLogEntry[] | null = null;

  return {
    /** Adds an entry and keeps only the latest 50. */
    log(level: SecurityLevel, event: string, message: string, context?: unknown): SecurityLogEntry {
      const entry: SecurityLogEntry = {
        at: now().toISOString(),
        level,
        event,
        message: message.slice(0, SECURITY_LOG_LIMITS.message),
        context: contextText(context),
      };
      save([...stored(), entry].slice(-SECURITY_LOG_LIMITS.entries));
      return entry;
    },
    /** Entries, newest first (the same array until the log changes). */
    read(): readonly SecurityLogEntry[] {
      const entries = stored();
      if (entries !== newestFirstOf) {
        newestFirstOf = entries;
        newestFirst = [...entries].reverse();
      }
      return newestFirst;
    },
    clear(): void {
      save([]);
    },
    /** Calls `listener` whenever this tab changes the log. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const securityLog = createSecurityLog(() => window.localStorage);

/** Records a security event (403/429 answers, sign-in failures, CSP violations). Never throws. */
export function logSecurityEvent(level: SecurityLevel, event: string, message: string, context?: unknown): SecurityLogEntry {
  return securityLog.log(level, event, message, context);
}

export const readSecurityLog = (): readonly SecurityLogEntry[] => securityLog.read();
export const clearSecurityLog = (): void => securityLog.clear();

/** For useSyncExternalStore: changes in this tab and, through the storage event, in other tabs. */
export function subscribeSecurityLog(listener: () => void): () => void {
  const unsubscribe = securityLog.subscribe(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SECURITY_LOG_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
