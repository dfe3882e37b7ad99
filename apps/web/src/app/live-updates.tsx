import { useLiveClaimFiles } from '../lib/realtime/use-live-claim-files';
import { useLivePhotoThumbnails } from '../lib/realtime/use-live-photo-thumbnails';

/**
 * Every signed-in page follows what the server changes by itself (loaded when idle): photo lists
 * their thumbnails as they are stored, claim files their moves forward.
 */
export default function LiveUpdates() {
  useLivePhotoThumbnails();
  useLiveClaimFiles();
  return null;
}
