import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, composeRenderProps, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './field.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  /** The label beside the box, already translated. */
  children?: ReactNode;
}

/** A checkbox with its label; Space toggles it, as a native one does. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={composeRenderProps(className, (given) => ['checkbox', given].filter(Boolean).join(' '))}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="checkbox-box" aria-hidden="true">
            {isIndeterminate ? (
              <svg viewBox="0 0 14 14">
                <path d="M3 7h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            ) : isSelected ? (
              <svg viewBox="0 0 14 14">
                <path d="M2.5 7.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            ) : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
