import {
  Button,
  ComboBox as AriaComboBox,
  Group,
  Input,
  Label,
  ListBox,
  Popover,
  composeRenderProps,
  type ComboBoxProps as AriaComboBoxProps,
} from 'react-aria-components';
import type { ReactNode } from 'react';
import { Chevron } from './chevron';
import { FieldFooter, useDetailText, type FieldBaseProps } from './form';

export { SelectItem as ComboBoxItem } from './select';

export interface ComboBoxProps<T extends object> extends Omit<AriaComboBoxProps<T>, 'children'>, FieldBaseProps {
  placeholder?: string;
  children: ReactNode | ((item: T) => ReactNode);
}

/**
 * A text input that filters a list of options (RAC ComboBox). Options are `ComboBoxItem`s. Its list shows as soon
 * as it opens, on a touch device too (`field-popover-now`, field.css): a first tap on an option chooses it.
 */
export function ComboBox<T extends object>({ label, description, errorDetail, placeholder, children, isInvalid, className, ...props }: ComboBoxProps<T>) {
  const errorText = useDetailText(errorDetail);
  return (
    <AriaComboBox
      {...props}
      isInvalid={isInvalid || errorDetail ? true : undefined}
      className={composeRenderProps(className, (given) => ['field', given].filter(Boolean).join(' '))}
    >
      {label ? <Label className="field-label">{label}</Label> : null}
      <Group className="field-group">
        <Input className="field-input" placeholder={placeholder} />
        <Button className="field-step">
          <Chevron />
        </Button>
      </Group>
      <FieldFooter description={description} errorText={errorText} />
      <Popover className="field-popover field-popover-now">
        <ListBox className="field-listbox">{children}</ListBox>
      </Popover>
    </AriaComboBox>
  );
}
