import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useHydrated } from '../lib/use-hydrated';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  /** primary: the one main action of a view; secondary: other actions; quiet: toolbars and icons. */
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, isDisabled, ...props }: ButtonProps) {
  // A prerendered form's submit waits for its script: before it, the browser would send the form itself (and a
  // password in the address). A disabled default button also stops Enter in a field from submitting.
  const hydrated = useHydrated();
  return (
    <AriaButton
      {...props}
      isDisabled={isDisabled || (props.type === 'submit' && !hydrated)}
      data-variant={variant}
      className={composeRenderProps(className, (given) => ['button', given].filter(Boolean).join(' '))}
    />
  );
}
