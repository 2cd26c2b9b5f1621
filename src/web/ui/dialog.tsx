import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay, type DialogProps as AriaDialogProps } from 'react-aria-components';
import './dialog.css';

export { DialogTrigger } from 'react-aria-components';

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
  /** The dialog's heading, already translated; also its accessible name. */
  title: string;
  /** The content; a function receives `close` for the dialog's own buttons. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Whether a click outside or Escape closes it (off for dialogs that would lose input). */
  isDismissable?: boolean;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** A modal dialog: focus stays inside until it closes, then returns to what opened it. */
export function Dialog({ title, children, isDismissable = true, isOpen, onOpenChange, ...props }: DialogProps) {
  return (
    <ModalOverlay className="dialog-overlay" isDismissable={isDismissable} isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className="dialog-modal">
        <AriaDialog {...props} className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{title}</Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The row of buttons at the end of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}
