import {
  Button,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
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
