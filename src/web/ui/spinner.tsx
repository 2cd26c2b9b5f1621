import { useTranslation } from 'react-i18next';
import './spinner.css';

export interface SpinnerProps {
  size?: 'small' | 'medium';
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * An indeterminate progress indicator; announced as "Loading…" unless given another label. The element
 * react-aria's indeterminate ProgressBar renders, written out: every route's fallback shows it, so it is
 * part of the start-up, which loads no react-aria (docs/performance.md).
 */
export function Spinner({ size = 'medium', className, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={props['aria-labelledby'] ? undefined : t('common.loading')}
      {...props}
      className={['spinner', className].filter(Boolean).join(' ')}
      data-size={size}
    >
      <span className="spinner-ring" aria-hidden="true" />
    </div>
  );
}

/** A spinner centred in the space of the content it stands in for (a page, a table, a panel). */
export function PageSpinner(props: SpinnerProps) {
  return (
    <div className="spinner-block">
      <Spinner {...props} />
    </div>
  );
}
