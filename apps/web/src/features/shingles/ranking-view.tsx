import { CircleAlert, FlaskConical } from 'lucide-react';
import type { ShingleMeasurements, ShingleCandidate, ShingleRanking, SeparatingQuestion } from '@ridgeline/shared/domain/shingle-id';
import { ROW_CONFIDENCE_LABELS, SHINGLE_TYPE_LABELS } from '@ridgeline/shared/domain/shingle-id';
import { formatInches } from '@ridgeline/shared/domain/shingle-length';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';

// The ranked candidates, as the phone shows them before saving and the results page after: each
// with its fit, its reasons in words, the catalog figures it matched and whether each is verified,
// years made and "Discontinued". An unverified figure is never shown without saying so.

const CONFIDENCE_TONE: Record<ShingleRanking['confidence'], BadgeTone> = { high: 'success', medium: 'warning', low: 'danger' };
const LEVEL_WORDS: Record<ShingleCandidate['level'], string> = { strong: 'Strong match', likely: 'Likely', weak: 'Weak' };

function Verified({ verified }: { verified: boolean }) {
  return verified ? <Badge tone="success">verified</Badge> : <Badge tone="warning">unverified</Badge>;
}

function CandidateCard({ candidate, rank }: { candidate: ShingleCandidate; rank: number }) {
  const discontinued = candidate.discontinued;
  return (
    <CardDiv className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          {rank}. {candidate.manufacturer} {candidate.line}
        </h3>
        <span className="text-sm font-semibold text-slate-800">
          Fit {candidate.fit} of 100 · {LEVEL_WORDS[candidate.level]}
        </span>
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        {candidate.type && <Badge tone="neutral">{SHINGLE_TYPE_LABELS[candidate.type]}</Badge>}
        {discontinued.value === 'yes' && <Badge tone="danger">Discontinued{discontinued.verified ? '' : ' (unverified)'}</Badge>}
        {discontinued.value === 'no' && <Badge tone="info">Still made{discontinued.verified ? '' : ' (unverified)'}</Badge>}
        {candidate.scope === 'company' && <Badge tone="info">Your company&apos;s product</Badge>}
      </div>
      {candidate.figures.length > 0 && (
        <ul aria-label={`Catalog figures of ${candidate.line}`} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {candidate.figures.map((figure) => (
            <li key={figure.label} className="flex items-center gap-1">
              {figure.label} {formatInches(figure.value)} in <Verified verified={figure.verified} />
            </li>
          ))}
        </ul>
      )}
      {candidate.yearsMade && (
        <p className="text-sm text-slate-800">
          Years made: {candidate.yearsMade.text} {!candidate.yearsMade.verified && <Badge tone="warning">unverified</Badge>}
        </p>
      )}
      <ul aria-label={`Why ${candidate.line}`} className="list-disc pl-5 text-sm text-slate-800">
        {candidate.reasons.map((reason) => (
          <li key={reason.text} className={reason.tone === 'mismatch' ? 'text-red-800' : undefined}>
            {reason.text}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-700">Catalog row {ROW_CONFIDENCE_LABELS[candidate.rowConfidence]}</p>
    </CardDiv>
  );
}

type QuestionsProps = {
  questions: SeparatingQuestion[];
  /** Re-ranks with the answer; absent on a saved result (its answers are what was saved). */
  onAnswer?: (key: keyof ShingleMeasurements, value: string) => void;
  /** Where a question needing a typed answer (a height, the tape's text) sends the rep. */
  onType?: (key: keyof ShingleMeasurements) => void;
};

function Questions({ questions, onAnswer, onType }: QuestionsProps) {
  return (
    <section aria-labelledby="separating-questions" className="flex flex-col gap-3">
      <h3 id="separating-questions" className="text-base font-semibold text-slate-900">
        Questions that would separate them
      </h3>
      <ul className="flex flex-col gap-3">
        {questions.map((question) => {
          const key = question.key === 'height' ? 'heightIn' : question.key;
          return (
            <li key={question.key} className="flex flex-col gap-2">
              <p className="text-sm text-slate-900">{question.prompt}</p>
              {onAnswer && question.options.length > 0 && (
                <div role="group" aria-label={question.prompt} className="flex flex-wrap gap-2">
                  {question.options.map((option) => (
                    <Button key={option.value} type="button" variant="secondary" className="whitespace-normal" onClick={() => onAnswer(key, option.value)}>
                      {option.label}
                    </Button>
                  ))}
                </div>
              )}
              {onType && question.options.length === 0 && (
                <div>
                  <Button type="button" variant="secondary" className="whitespace-normal" onClick={() => onType(key)}>
                    {question.key === 'height' ? 'Enter the height' : 'Enter the tape text'}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function RankingView({
  ranking,
  catalogVersion,
  ...questionProps
}: { ranking: ShingleRanking; catalogVersion: number } & Omit<QuestionsProps, 'questions'>) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={CONFIDENCE_TONE[ranking.confidence]}>Confidence: {ranking.confidence}</Badge>
        <span className="text-sm text-slate-700">Catalog version {catalogVersion}</span>
      </div>
      <p role="status" className="text-base font-semibold text-slate-900">
        {ranking.summary}
      </p>
      {ranking.tied && (
        <Alert tone="warning">
          <CircleAlert aria-hidden="true" className="size-4" />
          These {ranking.topGroup.length} lines cannot be told apart from what was entered: they fit it about equally well.
        </Alert>
      )}
      {ranking.questions.length > 0 && <Questions questions={ranking.questions} {...questionProps} />}
      {ranking.lab.recommended && (
        <section aria-labelledby="lab-sample" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h3 id="lab-sample" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <FlaskConical aria-hidden="true" className="size-4" /> Lab sample
          </h3>
          <p className="text-sm text-slate-900">{ranking.lab.reason}</p>
          <p className="mt-2 text-sm font-semibold text-slate-900">What to send:</p>
          <ul className="list-disc pl-5 text-sm text-slate-900">
            {ranking.lab.whatToSend.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
      {ranking.candidates.length > 0 && (
        <ol aria-label="Candidates" className="flex flex-col gap-3">
          {ranking.candidates.map((candidate, index) => (
            <li key={candidate.entryId}>
              <CandidateCard candidate={candidate} rank={index + 1} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
