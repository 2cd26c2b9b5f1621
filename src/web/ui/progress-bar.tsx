import { Label, ProgressBar as AriaProgressBar, type ProgressBarProps as AriaProgressBarProps } from 'react-aria-components';
import './progress-bar.css';

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'children' | 'isIndeterminate'> {
  /** Visible label, already translated; also the bar's accessible name. */
  label: string;
}

/** A bar that fills as work goes on (an upload), with its label and percentage. */
export function ProgressBar({ label, className, ...props }: ProgressBarProps) {
  return (
    <AriaProgressBar {...props} className={['progress', className].filter(Boolean).join(' ')}>
      {({ percentage, valueText }) => (
        <>
          <div className="progress-header">
            <Label className="progress-label">{label}</Label>
            <span className="progress-value">{valueText}</span>
          </div>
          <div className="progress-track" aria-hidden="true">
            <div className="progress-fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
