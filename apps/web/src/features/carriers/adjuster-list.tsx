import { Link } from 'react-router';
import type { Adjuster } from '@ridgeline/shared/contracts/carriers';
import { CardDiv } from '../../components/ui/card';
import { RowActions } from './row-actions';
import { ContactLinks, EmailLink, PhoneLink } from './contact-links';
import { useConfirmDeleteAdjuster } from './confirm-delete';
import { paths } from '../../lib/paths';

type AdjusterListProps = {
  adjusters: Adjuster[];
  onEdit: (adjuster: Adjuster) => void;
  /** Whether each row names its carrier (not on the carrier's own page). */
  showCarrier?: boolean;
  label: string;
};

/** Adjusters as cards: name, carrier, phone and email as links, edit and delete (as far as the user may). */
export function AdjusterList({ adjusters, onEdit, showCarrier = true, label }: AdjusterListProps) {
  const remove = useConfirmDeleteAdjuster();
  return (
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {adjusters.map((adjuster) => (
        <li key={adjuster.id}>
          <CardDiv className="flex h-full flex-col gap-2">
            <div>
              <h3 className="text-base font-semibold text-slate-900">{adjuster.name}</h3>
              {showCarrier && (
                <p className="text-sm text-slate-700">
                  {adjuster.carrier ? (
                    <Link
                      to={paths.carrier(adjuster.carrier.id)}
                      className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline"
                    >
                      {adjuster.carrier.name}
                    </Link>
                  ) : (
                    'No carrier'
                  )}
                </p>
              )}
            </div>
            {(adjuster.phone || adjuster.email) && (
              <ContactLinks>
                {adjuster.phone && <PhoneLink phone={adjuster.phone} label={`Call ${adjuster.name}`} />}
                {adjuster.email && <EmailLink email={adjuster.email} label={`Email ${adjuster.name}`} />}
              </ContactLinks>
            )}
            {adjuster.notes && <p className="text-sm whitespace-pre-line text-slate-700">{adjuster.notes}</p>}
            <RowActions
              name={adjuster.name}
              entry={adjuster}
              onEdit={() => onEdit(adjuster)}
              onDelete={() => remove.run(adjuster)}
              deleting={remove.isPending}
            />
          </CardDiv>
        </li>
      ))}
    </ul>
  );
}
