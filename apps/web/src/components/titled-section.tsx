import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, naming the section. */
  id: string;
  title: ReactNode;
  /** Beside the heading: the section's button, link, filter or count. */
  action: ReactNode;
  className?: string;
  headClassName?: string;
  children: ReactNode;
};

/** A section of a page named by its heading, with what acts on the section beside the heading. */
export function TitledSection({
  id,
  title,
  action,
  className = 'flex flex-col gap-3',
  headClassName = 'flex flex-wrap items-center justify-between gap-2',
  children,
}: Props) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={headClassName}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
