// The one way the device makes an id for what it keeps (a queued photo, a chat message's client id, a
// shingle identification, a session started offline): the server deduplicates on it, so it is made once.

/** A new random id (RFC 4122 version 4), also where crypto.randomUUID is missing (plain http). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

/** Sixteen random bytes written as a version 4 UUID. */
export function uuidFromBytes(random: Uint8Array): string {
  const bytes = Uint8Array.from(random);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
