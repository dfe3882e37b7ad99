/**
 * The named fields of an object and only those. Services present rows through it: a row carries
 * columns (ids of other tables, internal flags) a response must not show.
 */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) picked[key] = source[key];
  return picked as Pick<T, K>;
}
