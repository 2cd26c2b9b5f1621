import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { describeError } from '../lib/problem-texts';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Link } from './link';
import { PageSpinner } from './spinner';

/** What the loader reads of a react-query result (`useQuery(...)` fits). */
export interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface RecordLoaderProps<T> {
  /** The record's id from the address; empty when the address names none (the query stays off). */
  id: string;
  query: RecordQuery<T>;
  /** Heading when the record cannot be shown, e.g. 'The material could not be loaded'. */
  failedTitle: string;
  /** Shown when the address names no record, e.g. 'No material chosen' and where to choose one. */
  noneChosen: { title: string; text: string };
  /** The way back to the list, offered whenever the record cannot be shown. */
  back: { href: string; label: string };
  /** Wraps what stands in for the record (spinner, not found, error) when the record's view brings its own page. */
  frame?: (placeholder: ReactNode) => ReactNode;
  children: (record: T) => ReactNode;
}

/**
 * An edit or details screen's record: the spinner while it loads, then the record. A record that
 * does not exist (404) says so; any other failure says why and offers to try again. A record once
 * loaded stays on screen when a later refresh fails.
 */
export function RecordLoader<T>({ id, query, failedTitle, noneChosen, back, frame = (placeholder) => placeholder, children }: RecordLoaderProps<T>) {
  const { t } = useTranslation();
  if (id && query.data !== undefined) return <>{children(query.data)}</>;

  const backLink = (
    <Link variant="button" href={back.href}>
      {back.label}
    </Link>
  );
  const placeholder = () => {
    if (!id) {
      return (
        <EmptyState title={noneChosen.title} action={backLink}>
          <p>{noneChosen.text}</p>
        </EmptyState>
      );
    }
    if (!query.error) return <PageSpinner />;
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <EmptyState
        title={failedTitle}
        action={
          notFound ? (
            backLink
          ) : (
            <div className="empty-state-actions">
              <Button onPress={() => void query.refetch()} isDisabled={query.isFetching}>
                {t('common.record.retry')}
              </Button>
              {backLink}
            </div>
          )
        }
      >
        <p>{describeError(t, query.error)}</p>
      </EmptyState>
    );
  };
  return <>{frame(placeholder())}</>;
}
