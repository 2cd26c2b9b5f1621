import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  composeRenderProps,
  type ListBoxItemProps,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import type { ReactNode } from 'react';
import { Chevron } from './chevron';
import { FieldFooter, useDetailText, type FieldBaseProps } from './form';

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T>, 'children'>, FieldBaseProps {
  items?: Iterable<T>;
  children: ReactNode | ((item: T) => ReactNode);
}

/** A labelled single-choice list that opens as a popover (RAC Select). Options are `SelectItem`s. */
export function Select<T extends object>({ label, description, errorDetail, items, children, isInvalid, className, ...props }: SelectProps<T>) {
  const errorText = useDetailText(errorDetail);
  return (
    <AriaSelect
      {...props}
      isInvalid={isInvalid || errorDetail ? true : undefined}
      className={composeRenderProps(className, (given) => ['field', given].filter(Boolean).join(' '))}
    >
      {label ? <Label className="field-label">{label}</Label> : null}
      <Button className="field-trigger">
        <SelectValue />
        <Chevron />
      </Button>
      <FieldFooter description={description} errorText={errorText} />
      <Popover className="field-popover">
        <ListBox items={items} className="field-listbox">
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** One option of a Select or ComboBox. */
export function SelectItem(props: ListBoxItemProps) {
  return <ListBoxItem {...props} className={composeRenderProps(props.className, (given) => ['field-option', given].filter(Boolean).join(' '))} />;
}
