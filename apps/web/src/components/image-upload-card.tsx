import type { LucideIcon } from 'lucide-react';
import { uploadOnChoose } from '../lib/upload-on-choose';
import { Card } from './ui/card';
import { Field } from './ui/field';
import { Input } from './ui/input';

type Props = {
  /** The card's heading (read by screen readers only) and the file field's label. */
  label: string;
  headingId: string;
  fieldId: string;
  /** The image kept now, if any, and its alternative text. */
  src: string | null;
  alt: string;
  imageClassName: string;
  /** Drawn in place of the image while there is none. */
  icon: LucideIcon;
  placeholderClassName: string;
  upload: Parameters<typeof uploadOnChoose>[0] & { isPending: boolean };
  /** The toast once the chosen file is uploaded: [title, text]. */
  success: [title: string, text: string];
  disabled?: boolean;
};

/** A card with an image (a profile photo, a company logo) and the file field that uploads its replacement. */
export function ImageUploadCard({ label, headingId, fieldId, src, alt, imageClassName, icon: Icon, placeholderClassName, upload, success, disabled }: Props) {
  const onChoose = uploadOnChoose(upload, success);
  return (
    <Card aria-labelledby={headingId} className="flex items-center gap-4">
      <h2 id={headingId} className="sr-only">
        {label}
      </h2>
      {src ? (
        <img src={src} alt={alt} className={imageClassName} />
      ) : (
        <span className={placeholderClassName} aria-hidden="true">
          <Icon className="size-8 text-slate-500" />
        </span>
      )}
      <div className="flex flex-col gap-1">
        <Field id={fieldId} label={label} hint="JPEG, PNG, WebP or GIF, up to 5 MB.">
          <Input type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={disabled} onChange={onChoose} className="border-0 px-0" />
        </Field>
        {upload.isPending && (
          <p role="status" className="text-sm">
            Uploading…
          </p>
        )}
      </div>
    </Card>
  );
}
