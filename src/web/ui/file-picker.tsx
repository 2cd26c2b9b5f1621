import { FileTrigger } from 'react-aria-components';
import { Button, type ButtonProps } from './button';

export interface FilePickerProps extends Omit<ButtonProps, 'onPress' | 'children'> {
  /** The button's text, already translated. */
  children: string;
  /** MIME types offered in the browser's file dialog, e.g. ['image/png', 'image/jpeg']. */
  acceptedFileTypes?: readonly string[];
  /** The chosen file (the first one if several were chosen). */
  onSelect: (file: File) => void;
}

/** A button that opens the file dialog; Enter and Space open it like a click. */
export function FilePicker({ children, acceptedFileTypes, onSelect, variant = 'secondary', ...props }: FilePickerProps) {
  return (
    <FileTrigger
      acceptedFileTypes={acceptedFileTypes}
      onSelect={(files) => {
        const file = files?.item(0);
        if (file) onSelect(file);
      }}
    >
      <Button {...props} variant={variant}>
        {children}
      </Button>
    </FileTrigger>
  );
}
