import { Clock } from 'lucide-react';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { useOutboxWaiting, type OutboxMessage } from '../../../offline/chat-outbox';
import { cn } from '../../../lib/cn';
import { AttachmentView } from './attachment-view';
import { splitMentions } from './mentions';
import { formatDateTime, formatTime as clockTime } from '../../../lib/dates';

// The messages of a conversation, oldest first: mine on the right, others' on the left with the
// sender's name; the time under each; line breaks kept; mentions highlighted; attachments inline or
// as a file button. Messages still in the outbox follow: 'Sending…' while they are on their way,
// 'Sending when back online' while the network is away (or the last try did not reach the server).

function formatTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? clockTime(at) : formatDateTime(at);
}

function MessageText({ content, labels }: { content: string; labels: readonly string[] }) {
  if (!content) return null;
  return (
    <p className="text-base break-words whitespace-pre-wrap">
      {splitMentions(content, labels).map((part, index) =>
        part.mention ? (
          <mark key={index} className="rounded bg-amber-100 px-0.5 font-semibold text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

type Props = {
  messages: readonly ChatMessage[];
  pending: readonly OutboxMessage[];
  myId: string | null;
  /** Profile id -> how they are written after @. */
  mentionLabels: ReadonlyMap<string, string>;
};

export function MessageList({ messages, pending, myId, mentionLabels }: Props) {
  const waiting = useOutboxWaiting();
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {messages.map((message) => {
        const mine = message.senderId !== null && message.senderId === myId;
        const labels = message.mentions.map((id) => mentionLabels.get(id)).filter((label): label is string => label !== undefined);
        return (
          <li key={message.id} className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-message-id={message.id}>
            {!mine && <span className="text-sm font-semibold text-slate-800">{message.senderName}</span>}
            <div className={cn('flex max-w-[85%] flex-col gap-2 rounded-lg px-3 py-2', mine ? 'bg-blue-50 text-slate-900' : 'bg-slate-100 text-slate-900')}>
              {message.attachments.map((attachment) => (
                <AttachmentView key={attachment.id} attachment={attachment} />
              ))}
              <MessageText content={message.content} labels={labels} />
            </div>
            <time dateTime={message.createdAt} className="text-xs text-slate-600">
              {formatTime(message.createdAt)}
            </time>
          </li>
        );
      })}
      {pending.map((message) => (
        <li key={message.clientId} className="flex flex-col items-end gap-1" data-pending="true">
          <div className="flex max-w-[85%] flex-col gap-2 rounded-lg border border-dashed border-slate-400 bg-white px-3 py-2 text-slate-900">
            <MessageText content={message.content} labels={message.mentions.map((id) => mentionLabels.get(id) ?? '')} />
          </div>
          <span className="flex items-center gap-1 text-xs text-slate-700">
            <Clock aria-hidden className="size-3.5" />
            {waiting ? 'Sending when back online' : 'Sending…'}
          </span>
        </li>
      ))}
    </ol>
  );
}
