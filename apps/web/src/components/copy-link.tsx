import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { notify } from '../lib/toast';

/**
 * A link shown in full (selectable on a phone) with a Copy button that puts it on the clipboard;
 * `pasteHint` is the toast's line saying where the copied link goes.
 */
export function CopyLink({ url, label, pasteHint = 'Paste it into a text or an email.' }: { url: string; label: string; pasteHint?: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied', pasteHint);
    } catch {
      notify.error('Could not copy the link', 'Select the link and copy it by hand.');
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={url} className="min-w-0 flex-1" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
      </div>
    </div>
  );
}
