import { Button, Group, Input, Label, NumberField as AriaNumberField, type NumberFieldProps as AriaNumberFieldProps } from 'react-aria-components';
import { FieldFooter, useDetailText, type FieldBaseProps } from './form';

export interface NumberFieldProps extends AriaNumberFieldProps, FieldBaseProps {
  /** Show − and + buttons beside the input. */
  withSteppers?: boolean;
}

/** A labelled number input that formats and parses in the user's locale (1.234,5 in German). */
export function NumberField({ label, description, errorDetail, withSteppers = false, isInvalid, className, ...props }: NumberFieldProps) {
  const errorText = useDetailText(errorDetail);
  return (
    <AriaNumberField {...props} isInvalid={isInvalid || errorDetail ? true : undefined} className={['field', className].filter(Boolean).join(' ')}>
      {label ? <Label className="field-label">{label}</Label> : null}
      <Group className="field-group">
        {withSteppers ? (
          <Button slot="decrement" className="field-step">
            −
          </Button>
        ) : null}
        <Input className="field-input" />
        {withSteppers ? (
          <Button slot="increment" className="field-step">
            +
          </Button>
        ) : null}
      </Group>
      <FieldFooter description={description} errorText={errorText} />
    </AriaNumberField>
  );
}

/** The field's value of a number a form keeps as null while empty: NaN is react-aria's empty field. */
export const fieldNumber = (value: number | null): number => value ?? Number.NaN;

/** What a form keeps of the field's value: null while the field is empty. */
export const draftNumber = (value: number): number | null => (Number.isNaN(value) ? null : value);
