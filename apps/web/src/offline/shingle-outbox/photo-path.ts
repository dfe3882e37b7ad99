// Where the upload queue sends a photo of a shingle identification: the shingle outbox's endpoint,
// handed to the uploader, with no IndexedDB code of its own (the queue loads it without the outbox).

/** PUT /api/shingles/identifications/:id/photos/:photoId, the identification's id being the one the phone gave it. */
export function shinglePhotoPath(identificationId: string, photoId: string): string {
  return `/api/shingles/identifications/${encodeURIComponent(identificationId)}/photos/${encodeURIComponent(photoId)}`;
}
