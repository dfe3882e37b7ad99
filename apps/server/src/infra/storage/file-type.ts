import { fileTypeFromBuffer } from 'file-type';

export type DetectedType = { mime: string; ext: string };

/** The real type of a file from its bytes (never from its name or the client's header). */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** Image types accepted for avatars and logos. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Detects the type and checks it against an allow-list; null when refused. */
export async function acceptFileType(bytes: Uint8Array, allowed: readonly string[]): Promise<DetectedType | null> {
  const found = await detectFileType(bytes);
  return found && allowed.includes(found.mime) ? found : null;
}
