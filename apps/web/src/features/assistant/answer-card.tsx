import { CONFIDENCE_LABELS } from '@ridgeline/shared/domain/assistant';
import type { AssistantMessage } from '@ridgeline/shared/contracts/assistant';
import { FileSignature, MessageSquareText, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { copyText, numberedText } from './answer-text';
import { useRateAnswer } from './api/rate';

type AnswerCardProps = {
  message: AssistantMessage;
  projectId: string | null;
  onCopyToCoverLetter: ((text: string) => void) | null;
  /** Hands the answer to a chat message's box (the user then chooses the conversation). */
  onCopyToChat: (text: string) => void;
};

/** One answer: its text with numbered sources, the sources (section, edition, confidence, source; claim records as links), rating and copy. */
export function AnswerCard({ message, projectId, onCopyToCoverLetter, onCopyToChat }: AnswerCardProps) {
  const rate = useRateAnswer(projectId);
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const text = numberedText(message.content, message.citations);
  const plain = copyText(message.content, message.citations);

  const send = (rating: 'helpful' | 'wrong') =>
    rate.mutate(
      { id: message.id, rating, note: rating === 'wrong' ? note.trim() || null : null },
      {
        onSuccess: () => {
          setNoting(false);
          notify.success(
            rating === 'helpful' ? 'Thanks for rating' : 'Sent to the Ridgeline team',
            rating === 'helpful' ? 'Marked helpful.' : "The answer and your note are in the team's feedback list.",
          );
        },
        onError: (error) => notify.error('The rating was not saved', errorText(error)),
      },
    );

  return (
    <CardDiv className="flex flex-col gap-3" aria-label="Assistant answer">
      <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{text}</p>
      {message.dropped.length > 0 && (
        <p className="text-xs text-amber-950">
          {message.dropped.length} citation{message.dropped.length === 1 ? '' : 's'} taken out: {message.dropped.length === 1 ? 'it did' : 'they did'} not match
          a passage of the knowledge base or a record of this claim file.
        </p>
      )}
      {message.citations.length > 0 && (
        <section aria-label="Sources" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-slate-900">Sources</h3>
          <ol className="flex flex-col gap-1 text-xs text-slate-800">
            {message.citations.map((c, i) => (
              <li key={c.kind === 'passage' ? c.slug : c.ref} className="break-words">
                [{i + 1}]{' '}
                {c.kind === 'passage' ? (
                  <>
                    <span className="font-semibold">{c.section}</span>, {c.title}
                    {c.edition ? `, edition ${c.edition}` : ''}{' '}
                    <Badge tone={c.confidence === 'P' ? 'success' : c.confidence === 'S' ? 'info' : 'warning'}>
                      {c.confidence} {CONFIDENCE_LABELS[c.confidence]}
                    </Badge>{' '}
                    <span className="text-slate-700">Source: {c.source}</span>
                  </>
                ) : c.href ? (
                  <Link to={c.href} className="text-blue-800 underline underline-offset-2">
                    {c.label}
                  </Link>
                ) : (
                  c.label
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        {onCopyToCoverLetter && (
          <Button size="sm" onClick={() => onCopyToCoverLetter(plain)}>
            <FileSignature aria-hidden="true" className="size-4" />
            Copy into the cover letter
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => onCopyToChat(plain)}>
          <MessageSquareText aria-hidden="true" className="size-4" />
          Copy into a chat message
        </Button>
        <Button size="sm" variant="secondary" aria-pressed={message.rating === 'helpful'} onClick={() => send('helpful')} disabled={rate.isPending}>
          <ThumbsUp aria-hidden="true" className="size-4" />
          Helpful
        </Button>
        <Button size="sm" variant="secondary" aria-pressed={message.rating === 'wrong'} onClick={() => setNoting((v) => !v)} disabled={rate.isPending}>
          <ThumbsDown aria-hidden="true" className="size-4" />
          Wrong
        </Button>
      </div>
      {noting && (
        <div className="flex flex-col gap-2">
          <Field id={`wrong-note-${message.id}`} label="What is wrong? (optional)">
            <Textarea rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <Button size="sm" className="w-fit" onClick={() => send('wrong')} disabled={rate.isPending}>
            Send to the Ridgeline team
          </Button>
        </div>
      )}
    </CardDiv>
  );
}
