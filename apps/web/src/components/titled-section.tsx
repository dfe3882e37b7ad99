import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, naming the section. */
  id: string;
  title: ReactNode;
  /** Beside the heading, if any: the section's button, link, filter or count. */
  action?: ReactNode;
  className?: string;
  headClassName?: string;
  children: ReactNode;
};

/** A section of a page named by its heading, with what acts on the section (when anything does) beside the heading. */
export function TitledSection({
  id,
  title,
  action,
  className = 'flex flex-col gap-3',
  headClassName = 'flex flex-wrap items-center justify-between gap-2',
  children,
}: Props) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {action === undefined ? (
        heading
      ) : (
        <div className={headClassName}>
          {heading}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
