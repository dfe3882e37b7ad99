import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { errorText } from '../lib/error-text';

// What a panel or a dialog reads before it can show anything: a placeholder while it loads, the
// failure in words with Try again, then what is built from the answer.

type Props<T> = {
  query: UseQueryResult<T>;
  /** The placeholder's accessible name while the query loads. */
  loadingLabel: string;
  /** The placeholder's height class. */
  loadingClassName: string;
  /** The sentence before the error's words, e.g. "The cover letter could not be read". */
  failure: string;
  children: (data: T) => ReactNode;
};

export function QueryThen<T>({ query, loadingLabel, loadingClassName, failure, children }: Props<T>) {
  if (query.isPending) return <Skeleton className={loadingClassName} aria-label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert>
        {failure}: {errorText(query.error)}{' '}
        <Button variant="link" size="inline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
