import { ProgressBar, type ProgressBarProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import './spinner.css';

export interface SpinnerProps extends Omit<ProgressBarProps, 'isIndeterminate' | 'children'> {
  size?: 'small' | 'medium';
}

/** An indeterminate progress indicator; announced as "Loading…" unless given another label. */
export function Spinner({ size = 'medium', className, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <ProgressBar
      aria-label={props['aria-labelledby'] ? undefined : t('common.loading')}
      {...props}
      isIndeterminate
      className={['spinner', className].filter(Boolean).join(' ')}
      data-size={size}
    >
      <span className="spinner-ring" aria-hidden="true" />
    </ProgressBar>
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
