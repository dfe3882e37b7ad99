import type { ChangeEvent } from 'react';
import { saveWithToasts } from './save-with-toasts';

type Upload = Parameters<typeof saveWithToasts<File>>[0];

/**
 * A file input's change handler that uploads the chosen file, with a success toast of `success`
 * ([title, text]) or the 'Upload failed' toast. The input is cleared, so choosing the same file again uploads again.
 */
export function uploadOnChoose(upload: Upload, success: [title: string, text: string]) {
  const save = saveWithToasts(upload, success, 'Upload failed');
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) save(file);
  };
}
