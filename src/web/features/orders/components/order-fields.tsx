import { useTranslation } from 'react-i18next';
import { incoterms, type Incoterm, type OrderKind } from '../../../../domain/orders/order.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { ClientPicker } from '../../../lib/client-picker';
import { Checkbox } from '../../../ui/checkbox';
import { Select, SelectItem } from '../../../ui/select';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import { clientFields, type OrderDraft } from '../order-draft';
import { DeliveryPromise } from './delivery-promise';
import { PositionsEditor } from './positions-editor';

export interface OrderFieldsProps {
  kind: OrderKind;
  value: OrderDraft;
  onChange: (patch: Partial<OrderDraft>) => void;
  problem: (path: string) => ErrorDetail | undefined;
  /** The most characters the schema allows in the text field at a path (`useSchemaForm`'s `limit`), counted while typing. */
  limit?: (path: string) => number | undefined;
  /** Show the earliest delivery in today's plan as positions are entered (customer orders; only for those who may write orders). */
  promise?: boolean;
}

type TextKey = 'name' | 'street' | 'houseNumber' | 'addressSuffix' | 'zip' | 'place' | 'country' | 'shippingMethod' | 'packaging' | 'workInProgress';

const NO_INCOTERM = 'none';

/** Every field of spec section 3 (Order); the domain schema checks their limits and names them in the user's language. */
export function OrderFields({ kind, value, onChange, problem, limit, promise = false }: OrderFieldsProps) {
  const { t } = useTranslation();
  const text = (name: TextKey, options: { required?: boolean; className?: string; label?: string; description?: string } = {}) => (
    <TextField
      name={name}
      label={options.label ?? t(`orders.fields.${name}`)}
      description={options.description}
      value={value[name]}
      onChange={(next) => onChange({ [name]: next })}
      isRequired={options.required}
      errorDetail={problem(name)}
      maxChars={limit?.(name)}
      className={options.className}
    />
  );

  return (
    <>
      <fieldset className="plain-group order-section">
        <legend>{t(`orders.form.party.${kind}`)}</legend>
        {kind === 'customer' ? (
          <ClientPicker
            value={value.client}
            errorDetail={problem('clientId')}
            onPick={(client) => onChange(client ? clientFields(client) : { client: null })}
          />
        ) : null}
        <div className="order-grid">
          {text('name', { required: true, className: 'order-wide', label: t(`orders.fields.nameOf.${kind}`) })}
          {text('street', { required: true })}
          {text('houseNumber', { required: true })}
          {text('addressSuffix')}
          {text('zip', { required: true })}
          {text('place', { required: true })}
          {text('country')}
        </div>
      </fieldset>

      <fieldset className="plain-group order-section">
        <legend>{t('orders.form.delivery')}</legend>
        <div className="order-grid">
          <TextField
            name="deliveryDate"
            type="date"
            label={t('orders.fields.deliveryDate')}
            value={value.deliveryDate}
            onChange={(deliveryDate) => onChange({ deliveryDate })}
            errorDetail={problem('deliveryDate')}
          />
          {kind === 'customer' ? (
            <TextField
              name="promisedDate"
              type="date"
              label={t('orders.fields.promisedDate')}
              description={t('orders.form.promisedDateHelp')}
              value={value.promisedDate}
              onChange={(promisedDate) => onChange({ promisedDate })}
              errorDetail={problem('promisedDate')}
            />
          ) : null}
          {text('shippingMethod')}
          <Select
            label={t('orders.fields.incoterm')}
            items={[{ id: NO_INCOTERM }, ...incoterms.map((id) => ({ id }))]}
            value={value.incoterm ?? NO_INCOTERM}
            onChange={(key) => onChange({ incoterm: key === NO_INCOTERM ? null : (key as Incoterm) })}
            errorDetail={problem('incoterm')}
          >
            {(item) => <SelectItem id={item.id}>{item.id === NO_INCOTERM ? t('orders.form.noIncoterm') : item.id}</SelectItem>}
          </Select>
          {text('packaging')}
          {text('workInProgress', { required: true, description: t('orders.form.workInProgressHelp') })}
        </div>
        <div className="order-flags">
          <Checkbox isSelected={value.prioritize} onChange={(prioritize) => onChange({ prioritize })}>
            {t('orders.fields.prioritize')}
          </Checkbox>
          {kind === 'customer' ? (
            <Checkbox isSelected={value.stockOrder} onChange={(stockOrder) => onChange({ stockOrder })}>
              {t('orders.fields.stockOrder')}
            </Checkbox>
          ) : null}
        </div>
      </fieldset>

      <PositionsEditor kind={kind} positions={value.positions} onChange={(positions) => onChange({ positions })} problem={problem} />

      {kind === 'customer' && promise ? (
        <DeliveryPromise draft={value} onTake={(promisedDate) => onChange({ promisedDate, deliveryDate: value.deliveryDate || promisedDate })} />
      ) : null}

      <fieldset className="plain-group order-section">
        <legend>{t('orders.form.notes')}</legend>
        <TextArea
          name="noteForProduction"
          label={t('orders.fields.noteForProduction')}
          value={value.noteForProduction}
          onChange={(noteForProduction) => onChange({ noteForProduction })}
          errorDetail={problem('noteForProduction')}
          maxChars={limit?.('noteForProduction')}
        />
        <TextArea
          name="comment"
          label={t('orders.fields.comment')}
          value={value.comment}
          onChange={(comment) => onChange({ comment })}
          errorDetail={problem('comment')}
          maxChars={limit?.('comment')}
        />
      </fieldset>
    </>
  );
}
