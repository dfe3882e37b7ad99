import { FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MessageAttachment } from '@ridgeline/shared/contracts/chat';
import { messageTypeOf } from '@ridgeline/shared/domain/chat';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { fetchAttachmentUrl } from '../api/attachment-url';

// An attachment in a message: images, video and audio play inline from their signed URL (a fresh
// one is asked for when the browser could not load it); any other file is a button with its name
// and size that asks for a fresh URL and opens it in a new tab.

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type MediaElement = HTMLImageElement | HTMLVideoElement | HTMLAudioElement;

function InlineMedia({ attachment }: { attachment: MessageAttachment }) {
  const [src, setSrc] = useState(attachment.url);
  const renewed = useRef(false);
  const element = useRef<MediaElement | null>(null);
  // A renewed URL from the messages replaces the old one, except under media playing right now.
  useEffect(() => {
    const media = element.current;
    if (media && 'paused' in media && !media.paused) return;
    setSrc(attachment.url);
  }, [attachment.url]);
  const onError = () => {
    if (renewed.current) return;
    renewed.current = true;
    fetchAttachmentUrl(attachment.id)
      .then(({ url }) => setSrc(url))
      .catch((error: unknown) => console.warn('The attachment link could not be renewed', error));
  };
  const kind = messageTypeOf(attachment.fileType);
  if (kind === 'image') {
    return (
      <img
        ref={(node) => void (element.current = node)}
        src={src}
        alt={attachment.fileName}
        onError={onError}
        className="max-h-72 w-auto max-w-full rounded-md"
        loading="lazy"
      />
    );
  }
  if (kind === 'video') {
    return (
      <video
        ref={(node) => void (element.current = node)}
        src={src}
        controls
        onError={onError}
        className="max-h-72 w-full rounded-md"
        aria-label={attachment.fileName}
      >
        <track kind="captions" />
      </video>
    );
  }
  return (
    <audio ref={(node) => void (element.current = node)} src={src} controls onError={onError} className="w-full min-w-56" aria-label={attachment.fileName} />
  );
}

function FileButton({ attachment }: { attachment: MessageAttachment }) {
  const [opening, setOpening] = useState(false);
  const open = () => {
    // The tab opens now, while the tap still counts as the user's (a blocker would refuse it after
    // the wait), and goes to the file once its fresh URL is known.
    const tab = window.open('', '_blank');
    setOpening(true);
    fetchAttachmentUrl(attachment.id)
      .then(({ url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
      })
      .catch(() => {
        tab?.close();
        notify.error('File access failed', 'Unable to open file.');
      })
      .finally(() => setOpening(false));
  };
  return (
    <Button variant="secondary" onClick={open} disabled={opening} className="h-auto max-w-full justify-start text-left whitespace-normal">
      <FileText aria-hidden className="size-5" />
      <span className="min-w-0 break-all">
        {attachment.fileName} <span className="font-normal text-slate-600">({formatBytes(attachment.fileSize)})</span>
      </span>
    </Button>
  );
}

export function AttachmentView({ attachment }: { attachment: MessageAttachment }) {
  return messageTypeOf(attachment.fileType) === 'file' ? <FileButton attachment={attachment} /> : <InlineMedia attachment={attachment} />;
}
