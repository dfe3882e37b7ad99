import { pino, type Logger } from 'pino';

export type { Logger };

/** The server's structured logger (JSON lines on stdout). */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined });
}
