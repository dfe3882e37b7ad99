import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

// The file's SHA-256 in lowercase hex, computed once when it is queued: the server checks the bytes
// it receives against it, and knows a retry of the same bytes. WebCrypto when the page has it (a
// secure context); the pure-JS hash otherwise (plain http on a local network).

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    } catch {
      // Fall through to the pure-JS hash.
    }
  }
  return bytesToHex(sha256(new Uint8Array(bytes)));
}

/** A Blob's bytes (FileReader where `arrayBuffer()` is missing, as in older WebViews). */
export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'));
    reader.readAsArrayBuffer(blob);
  });
}
