import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { orderLimits, type OrderKind } from '../../../../domain/orders/order.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { moneyInput, shownMoney, useFormatNumber, wholeNumber } from '../../../lib/locale';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { useDetailText } from '../../../ui/form';
import { draftNumber, fieldNumber, NumberField } from '../../../ui/number-field';
import { draftNetSum, emptyPosition, type PositionDraft } from '../order-draft';
import { PositionMaterialPicker } from './position-material-picker';

/**
 * Quantity has no min/max on the field: react-aria would silently clamp 1000 to 999, where the
 * schema's message tells the user the rule.
 */

export interface PositionsEditorProps {
  kind: OrderKind;
  positions: PositionDraft[];
  onChange: (positions: PositionDraft[]) => void;
  problem: (path: string) => ErrorDetail | undefined;
}

function UseInventoryField({ position, onChange, problem }: { position: PositionDraft; onChange: (useInventory: boolean) => void; problem?: ErrorDetail }) {
  const { t } = useTranslation();
  const errorId = useId();
  const errorText = useDetailText(problem);
  return (
    <div className="order-checkbox-field">
      <Checkbox isSelected={position.useInventory} onChange={onChange} isInvalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined}>
        {t('orders.fields.useInventory')}
      </Checkbox>
      {errorText ? (
        <span id={errorId} className="field-error">
          {errorText}
        </span>
      ) : null}
    </div>
  );
}

/** The order's positions: material, quantity 1-999, net price per piece, use-inventory; the net sum as it is typed. */
export function PositionsEditor({ kind, positions, onChange, problem }: PositionsEditorProps) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const update = (index: number, patch: Partial<PositionDraft>) =>
    onChange(positions.map((position, at) => (at === index ? { ...position, ...patch } : position)));
  const listProblem = useDetailText(problem('positions'));

  return (
    <fieldset className="plain-group order-section">
      <legend>{t('orders.form.positions')}</legend>
      {listProblem ? (
        <p className="field-error" role="alert">
          {listProblem}
        </p>
      ) : null}
      {positions.map((position, index) => {
        const at = (field: string) => problem(`positions.${index}.${field}`);
        const amount = position.quantity !== null && position.netPrice !== null ? draftNetSum({ positions: [position] }) : null;
        return (
          <fieldset key={position.key} className="form-entry">
            <legend>{t('orders.form.position', { number: index + 1 })}</legend>
            <div className="order-position-fields">
              <PositionMaterialPicker
                label={t('orders.fields.material')}
                value={position.material}
                type={kind === 'logistics' ? 'purchasing_part' : undefined}
                errorDetail={at('materialId')}
                onChange={(material, netPrice) => update(index, { material, netPrice: position.netPrice ?? netPrice })}
              />
              <NumberField
                label={t('orders.fields.quantity')}
                value={fieldNumber(position.quantity)}
                onChange={(value) => update(index, { quantity: draftNumber(value) })}
                formatOptions={wholeNumber}
                isRequired
                errorDetail={at('quantity')}
              />
              <NumberField
                label={t('orders.fields.netPrice')}
                value={fieldNumber(position.netPrice)}
                onChange={(value) => update(index, { netPrice: draftNumber(value) })}
                formatOptions={moneyInput}
                isRequired
                errorDetail={at('netPrice')}
              />
              <p className="order-position-amount">
                <span className="field-label">{t('orders.fields.netAmount')}</span>
                <span>{format(amount, shownMoney)}</span>
              </p>
            </div>
            <div className="spread-row order-position-footer">
              {kind === 'customer' ? (
                <UseInventoryField position={position} onChange={(useInventory) => update(index, { useInventory })} problem={at('useInventory')} />
              ) : (
                <span />
              )}
              <Button
                variant="quiet"
                isDisabled={positions.length === 1}
                aria-label={t('orders.form.removePositionNamed', { number: index + 1 })}
                onPress={() => onChange(positions.filter((_, other) => other !== index))}
              >
                {t('orders.form.removePosition')}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="spread-row order-positions-footer">
        <Button variant="secondary" isDisabled={positions.length >= orderLimits.positions} onPress={() => onChange([...positions, emptyPosition()])}>
          {t('orders.form.addPosition')}
        </Button>
        <p className="order-net-sum" aria-live="polite">
          <span>{t('orders.fields.netSum')}:</span> <strong>{format(draftNetSum({ positions }), shownMoney)}</strong>
        </p>
      </div>
    </fieldset>
  );
}
