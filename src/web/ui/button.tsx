import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  /** primary: the one main action of a view; secondary: other actions; quiet: toolbars and icons. */
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} data-variant={variant} className={composeRenderProps(className, (given) => ['button', given].filter(Boolean).join(' '))} />;
}
