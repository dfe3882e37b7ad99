import type { ReactNode } from 'react';
import { Card, CardTitle } from './ui/card';

type Props = {
  /** The heading's id, naming the card. */
  id: string;
  title: ReactNode;
  /** The heading's own classes (`sr-only` for a card its fields already explain). */
  titleClassName?: string;
  children: ReactNode;
};

/** A card named by its heading, its content below: the parts of a long form (property, homeowner, claim...). */
export function TitledCard({ id, title, titleClassName, children }: Props) {
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-4">
      <CardTitle id={id} className={titleClassName}>
        {title}
      </CardTitle>
      {children}
    </Card>
  );
}
