import type { Proposal } from '@ridgeline/shared/contracts/documents';
import { formatCents } from '../../lib/money';
import { useProjectFiles } from './api/project-files';
import { tierLabel } from './proposal-form-schema';
import { formatDateTime, formatDay } from '../../lib/dates';

// What the homeowner signed, as recorded: the option chosen, the name and date they wrote, when and
// from which address they signed, where the signed copy was mailed, the drawn signature, and the
// signed PDF kept in the claim file.

const when = (iso: string) => formatDateTime(iso);

export function SignatureRecord({ proposal }: { proposal: Proposal }) {
  const files = useProjectFiles(proposal.projectId, Boolean(proposal.signedFileId));
  const signature = proposal.signature;
  if (!signature) return null;
  const chosen = proposal.options.find((o) => o.tier === proposal.chosenTier);
  const signedFile = files.data?.find((f) => f.id === proposal.signedFileId);
  return (
    <section aria-label="Signature" className="flex flex-col gap-2 rounded-lg bg-green-50 p-3 text-sm text-slate-900">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">Chosen option</dt>
        <dd>{chosen ? `${tierLabel(chosen.tier)}: ${chosen.productLine}, ${formatCents(chosen.priceCents)}` : tierLabel(proposal.chosenTier ?? '')}</dd>
        <dt className="font-semibold">Signed by the homeowner</dt>
        <dd>{signature.name}</dd>
        <dt className="font-semibold">Date written</dt>
        <dd>{formatDay(signature.date)}</dd>
        <dt className="font-semibold">Signed at</dt>
        <dd>
          <time dateTime={signature.signedAt}>{when(signature.signedAt)}</time>
        </dd>
        <dt className="font-semibold">IP address</dt>
        <dd>{signature.ip}</dd>
        {signature.email && (
          <>
            <dt className="font-semibold">Signed copy sent to</dt>
            <dd className="break-all">{signature.email}</dd>
          </>
        )}
      </dl>
      {signature.imageUrl && (
        <img
          src={signature.imageUrl}
          alt={`Signature of ${signature.name}`}
          className="h-24 w-auto max-w-full self-start rounded border border-slate-200 bg-white"
        />
      )}
      {signedFile && (
        <a href={signedFile.url} className="font-semibold text-blue-800 underline-offset-2 hover:underline">
          Signed PDF: {signedFile.fileName}
        </a>
      )}
    </section>
  );
}
