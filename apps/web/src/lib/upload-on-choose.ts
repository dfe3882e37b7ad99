import type { ChangeEvent } from 'react';
import { errorText } from './error-text';
import { notify } from './toast';

type Upload = { mutate: (file: File, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void };

/**
 * A file input's change handler that uploads the chosen file, with a success toast of `success`
 * ([title, text]) or the 'Upload failed' toast. The input is cleared, so choosing the same file again uploads again.
 */
export function uploadOnChoose(upload: Upload, success: [title: string, text: string]) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify.success(...success),
      onError: (e) => notify.error('Upload failed', errorText(e)),
    });
  };
}
