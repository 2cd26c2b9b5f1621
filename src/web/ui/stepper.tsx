import './stepper.css';

export type StepState = 'done' | 'current' | 'upcoming';

export interface Step {
  id: string;
  /** Already translated. */
  label: string;
  state: StepState;
  /** A line under the label, already translated (e.g. the exact status within the step). */
  note?: string;
}

export interface StepperProps {
  /** The stepper's accessible name, already translated. */
  label: string;
  steps: Step[];
  /** Read out after a done step's label ("completed"), already translated. */
  doneText: string;
}

/**
 * A row of steps, the current one marked with `aria-current="step"`. It shows where something
 * stands; it is not a control, so its steps are not focusable.
 */
export function Stepper({ label, steps, doneText }: StepperProps) {
  return (
    <ol className="stepper" aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.id} className="stepper-step" data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className="stepper-marker" aria-hidden="true">
            {step.state === 'done' ? '✓' : index + 1}
          </span>
          <span className="stepper-text">
            <span className="stepper-label">
              {step.label}
              {step.state === 'done' ? <span className="visually-hidden"> ({doneText})</span> : null}
            </span>
            {step.note ? <span className="stepper-note">{step.note}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
