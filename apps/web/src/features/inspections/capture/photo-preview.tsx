import { ImageOff } from 'lucide-react';
import { useState } from 'react';

// A photo's preview on the capture screen: the image when the phone can draw it, else (a HEIC file
// on a phone that cannot decode it, an image that fails to load, or none yet) a placeholder with an
// icon and the shot's name, never a broken image.

const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

type Props = {
  /** The image to draw, or null while there is none the phone can draw. */
  src: string | null;
  /** The shot the photo fills, as the placeholder names it. */
  label: string;
  mimeType: string;
  lazy?: boolean;
};

export function PhotoPreview({ src, label, mimeType, lazy = false }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt={label} className="size-full object-cover" loading={lazy ? 'lazy' : undefined} onError={() => setFailed(src)} />;
  }
  const heic = HEIC_TYPES.has(mimeType);
  // A drawable photo whose preview is still being read from the device: the grey box for a moment.
  if (!src && !heic) return null;
  const kind = heic ? 'HEIC photo' : 'Photo';
  return (
    <div
      role="img"
      aria-label={`${label}: ${kind}, no preview on this phone yet`}
      data-photo-placeholder=""
      className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-slate-800"
    >
      <ImageOff aria-hidden="true" className="size-7 shrink-0" />
      <span className="max-w-full text-xs font-semibold break-words">{label}</span>
      <span className="text-xs">{kind}: no preview yet</span>
    </div>
  );
}
