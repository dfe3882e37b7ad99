import { Mic, Paperclip, SendHorizontal, Square } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { sendMessageSchema, type ChatColleague, type ChatMessage } from '@ridgeline/shared/contracts/chat';
import { CHAT_ATTACHMENT_ACCEPT, CHAT_ATTACHMENT_DEFAULT_MAX_MB, CHAT_MESSAGE_MAX_LENGTH } from '@ridgeline/shared/domain/chat';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Form, useZodForm } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { takeChatDraft } from '../../../lib/draft-handoff';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { queueChatMessage, subscribeOutboxDropped } from '../../../offline/chat-outbox';
import { newId } from '../../../offline/outbox/ids';
import { uploadAttachment } from '../api/upload-attachment';
import { insertMention, mentionLabel, mentionQueryAt, mentionsInText, suggestColleagues } from './mentions';
import { useVoiceRecorder } from './use-voice-recorder';

// The composer at the foot of a thread. Enter sends, Shift+Enter starts a new line; the text is
// trimmed and an empty one is never sent. Each message carries a new client id and goes to the chat
// outbox, which sends every message in the order it was written, exactly once (at once online, when
// the connection returns otherwise): the box clears at once and takes the next message while the
// last is still on its way. Refused by the server: 'Failed to send', and its text comes back to the
// box when the box is empty. Typing @ suggests colleagues. The paperclip sends a file (25 MB at
// most), the microphone records a voice note. A draft copied from the assistant arrives in the box.

const composerSchema = sendMessageSchema.pick({ content: true });

export const ATTACHMENT_MAX_BYTES = CHAT_ATTACHMENT_DEFAULT_MAX_MB * 1024 * 1024;
export const ATTACHMENT_LIMIT_TEXT = `Files can be up to ${CHAT_ATTACHMENT_DEFAULT_MAX_MB} MB.`;

/**
 * The words of a refused attachment: an upload quota's (the company's storage full, an hour's
 * uploads used) are the server's, which say what to do; a file too large names the limit; anything
 * else may pass on a second try.
 */
function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'STORAGE_FULL' || error.code === 'UPLOAD_QUOTA_EXCEEDED')) return errorText(error);
  return error instanceof ApiError && error.status === 413 ? ATTACHMENT_LIMIT_TEXT : 'Please try again.';
}
/** The longest file name the server takes; longer ones keep their end (the extension). */
const FILE_NAME_MAX = 200;

type Props = {
  conversationId: string;
  userId: string | null;
  colleagues: readonly ChatColleague[];
  /** The server stored a message of mine (it pushes it to the other members itself). */
  onSent: (message: ChatMessage) => void;
};

type Suggesting = { start: number; query: string };

export function Composer({ conversationId, userId, colleagues, onSent }: Props) {
  const form = useZodForm(composerSchema, { defaultValues: { content: '' } });
  const fieldId = `composer-${useId()}`;
  const listId = `${fieldId}-mentions`;
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const chosen = useRef(new Map<string, string>());
  const [suggesting, setSuggesting] = useState<Suggesting | null>(null);
  const [active, setActive] = useState(0);
  const [uploading, setUploading] = useState<string | null>(null);

  const suggestions = suggesting ? suggestColleagues(colleagues, suggesting.query) : [];
  const listOpen = suggestions.length > 0;

  const readMention = () => {
    const node = textarea.current;
    if (!node) return;
    const next = mentionQueryAt(node.value, node.selectionStart);
    if (next?.start === suggesting?.start && next?.query === suggesting?.query) return;
    setSuggesting(next);
    setActive(0);
  };

  const choose = (person: ChatColleague) => {
    const node = textarea.current;
    if (!node || !suggesting) return;
    const label = mentionLabel(person);
    const next = insertMention(node.value, suggesting.start, node.selectionStart, label);
    chosen.current.set(person.id, label);
    form.setValue('content', next.text);
    setSuggesting(null);
    node.focus();
    node.setSelectionRange(next.caret, next.caret);
  };

  const clear = () => {
    form.reset({ content: '' });
    chosen.current.clear();
    setSuggesting(null);
  };

  // A draft the assistant handed to the chat (lib/draft-handoff.ts) lands in the box of the
  // conversation opened for it, unsent and ready to edit: taken once, so no other box gets it.
  useEffect(() => {
    const draft = takeChatDraft(userId);
    if (!draft) return;
    form.setValue('content', draft.text.slice(0, CHAT_MESSAGE_MAX_LENGTH));
    textarea.current?.focus();
  }, [form, userId]);

  // A message the server refused for good comes back to an empty box, so it can be fixed and sent.
  useEffect(
    () =>
      subscribeOutboxDropped((queued) => {
        if (queued.conversationId !== conversationId || queued.userId !== userId || form.getValues('content').trim() !== '') return;
        form.setValue('content', queued.content);
      }),
    [conversationId, userId, form],
  );

  const submit = async ({ content }: { content: string }) => {
    if (!userId) return;
    const mentions = mentionsInText(content, chosen.current);
    clear();
    try {
      await queueChatMessage({ clientId: newId(), userId, conversationId, content, mentions });
    } catch (error) {
      // The device could not keep it (no storage): nothing was sent, the text comes back when the box is still empty.
      if (form.getValues('content').trim() === '') form.setValue('content', content);
      notify.error('Failed to send', errorText(error));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = suggestions[Math.min(active, suggestions.length - 1)];
        if (person) {
          event.preventDefault();
          choose(person);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setSuggesting(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void form.handleSubmit(submit)();
    }
  };

  const sendFile = useCallback(
    async (file: File) => {
      if (file.size > ATTACHMENT_MAX_BYTES) {
        notify.error('Upload failed', ATTACHMENT_LIMIT_TEXT);
        return;
      }
      setUploading(file.name);
      try {
        const fileName = file.name.length > FILE_NAME_MAX ? file.name.slice(-FILE_NAME_MAX) : file.name;
        const message = await uploadAttachment(conversationId, file, { clientId: newId(), fileName });
        notify.success('Uploaded', 'Attachment sent.');
        onSent(message);
      } catch (error) {
        notify.error('Upload failed', uploadFailureText(error));
      } finally {
        setUploading(null);
      }
    },
    [conversationId, onSent],
  );

  const voice = useVoiceRecorder({
    onRecorded: (file) => void sendFile(file),
    onBlocked: () => notify.error('Microphone blocked', 'Please allow microphone access.'),
  });

  const { ref: registerRef, ...field } = form.register('content');
  const activeOption = listOpen ? suggestions[Math.min(active, suggestions.length - 1)] : undefined;
  const minutes = Math.floor(voice.seconds / 60);
  const clock = `${minutes}:${String(voice.seconds % 60).padStart(2, '0')}`;

  return (
    <div className="border-t border-slate-200 bg-white p-2">
      {uploading && (
        <div role="status" className="mb-2 flex flex-col gap-1 text-sm text-slate-700">
          <span className="truncate">Uploading {uploading}…</span>
          <progress aria-label={`Uploading ${uploading}`} className="h-1.5 w-full" />
        </div>
      )}
      {voice.recording && (
        <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-red-800">
          <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-700" />
          Recording <span role="timer">{clock}</span>
        </p>
      )}
      <Form form={form} onSubmit={submit} className="relative flex-row items-end gap-1">
        {listOpen && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Mention a colleague"
            className="absolute right-0 bottom-full left-0 z-10 mb-1 max-h-64 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
          >
            {suggestions.map((person, index) => (
              <li
                key={person.id}
                id={`${listId}-${person.id}`}
                role="option"
                aria-selected={index === Math.min(active, suggestions.length - 1)}
                className={cn('flex min-h-11 cursor-pointer items-center px-3 text-base text-slate-900', index === active && 'bg-blue-50')}
                // The textarea keeps the focus (and the caret) while a suggestion is tapped.
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(person)}
              >
                {mentionLabel(person)}
              </li>
            ))}
          </ul>
        )}
        <Button variant="ghost" size="icon" aria-label="Attach a file" disabled={uploading !== null} onClick={() => fileInput.current?.click()}>
          <Paperclip aria-hidden className="size-5" />
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={CHAT_ATTACHMENT_ACCEPT}
          aria-label="Attachment"
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void sendFile(file);
          }}
        />
        <Button
          variant={voice.recording ? 'destructive' : 'ghost'}
          size="icon"
          aria-label={voice.recording ? 'Stop recording' : 'Record a voice note'}
          disabled={uploading !== null && !voice.recording}
          onClick={voice.toggle}
        >
          {voice.recording ? <Square aria-hidden className="size-5" /> : <Mic aria-hidden className="size-5" />}
        </Button>
        <Field id={fieldId} label="Message" labelClassName="sr-only" className="min-w-0 flex-1">
          <Textarea
            {...field}
            ref={(node) => {
              registerRef(node);
              textarea.current = node;
            }}
            rows={1}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            placeholder="Write a message"
            autoComplete="off"
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
            className="max-h-40 min-h-11 resize-none text-base"
            onChange={(event) => {
              void field.onChange(event);
              readMention();
            }}
            onKeyDown={onKeyDown}
            onClick={readMention}
            onBlur={(event) => {
              void field.onBlur(event);
              setSuggesting(null);
            }}
          />
        </Field>
        <Button type="submit" size="icon" aria-label="Send">
          <SendHorizontal aria-hidden className="size-5" />
        </Button>
      </Form>
    </div>
  );
}
