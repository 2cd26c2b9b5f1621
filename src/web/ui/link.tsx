import { Link as AriaLink, composeRenderProps, type LinkProps as AriaLinkProps } from 'react-aria-components';
import './button.css';

export interface LinkProps extends AriaLinkProps {
  /** inline: a link in text; button: a link that looks like a secondary button. */
  variant?: 'inline' | 'button';
}

/** A link that navigates inside the console without reloading it (RAC RouterProvider). */
export function Link({ variant = 'inline', className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      data-variant={variant === 'button' ? 'secondary' : undefined}
      className={composeRenderProps(className, (given) => [variant === 'button' ? 'button' : 'link', given].filter(Boolean).join(' '))}
    />
  );
}
