import { useLivePhotoThumbnails } from '../lib/realtime/use-live-photo-thumbnails';

/** Every signed-in page: photo lists follow their thumbnails as the server stores them (loaded when idle). */
export default function LivePhotoThumbnails() {
  useLivePhotoThumbnails();
  return null;
}
