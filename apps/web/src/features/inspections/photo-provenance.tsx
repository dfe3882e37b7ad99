import type { Photo } from '@ridgeline/shared/contracts/photos';
import { placeSourceWords, placeWords, takenWords, timeSourceWords } from '@ridgeline/shared/domain/photo-provenance';
import { TriangleAlert } from 'lucide-react';
import { formatDateTime } from '../../lib/dates';

// A photo's time and place as the capture screen, the gallery and the lightbox show them (decision
// 039): its taken time (or when it was added, and that the file has no camera time), and its
// provenance flags, each with its reason in words, worked out by the server.

type Provenance = Pick<Photo, 'capturedAt' | 'capturedAtSource' | 'receivedAt' | 'metadataRead' | 'gps' | 'gpsSource' | 'deviceGps' | 'flags'>;

/** "Taken Oct 22, 2008, 4:29 PM" or "Added Dec 1, 2026, 6:54 PM; the file has no camera time". */
export function photoTakenWords(photo: Provenance): string {
  return takenWords(photo, formatDateTime);
}

/** Where the time and the place came from: "Time: camera metadata · Place: device at upload". */
export function photoSourceWords(photo: Provenance): string {
  return `Time: ${timeSourceWords(photo.capturedAt ? photo.capturedAtSource : null)} · Place: ${placeSourceWords(photo.gps ? photo.gpsSource : null, photo.deviceGps !== null)}`;
}

export function photoPlaceWords(photo: Provenance): string | null {
  return placeWords(photo);
}

/** The photo's flags, each a line with its reason; nothing when it has none. */
export function ProvenanceFlags({ photo, className = '' }: { photo: Pick<Photo, 'flags'>; className?: string }) {
  if (photo.flags.length === 0) return null;
  return (
    <ul className={`flex flex-col gap-1 ${className}`} aria-label="Provenance flags" data-provenance-flags="">
      {photo.flags.map((flag) => (
        <li
          key={flag.kind}
          data-flag={flag.kind}
          className="flex min-w-0 items-start gap-1 rounded-md bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span className="min-w-0 break-words">{flag.reason}</span>
        </li>
      ))}
    </ul>
  );
}
