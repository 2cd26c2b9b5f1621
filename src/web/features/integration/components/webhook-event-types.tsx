import { useTranslation } from 'react-i18next';
import { webhookEventTypes, type WebhookEventType } from '../../../../domain/integration/webhooks.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { translateDetail } from '../../../lib/error-messages';
import { Checkbox } from '../../../ui/checkbox';

interface WebhookEventTypesProps {
  /** Tells apart the pickers of one page (the create dialog, each endpoint's panel). */
  idPrefix: string;
  value: readonly WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  problem?: ErrorDetail;
}

/** The event type picker: one checkbox per public event type, in the list's order. */
export function WebhookEventTypes({ idPrefix, value, onChange, problem }: WebhookEventTypesProps) {
  const { t } = useTranslation();
  const problemId = `${idPrefix}-event-types-problem`;
  const toggle = (type: WebhookEventType, selected: boolean) =>
    onChange(webhookEventTypes.filter((candidate) => (candidate === type ? selected : value.includes(candidate))));
  return (
    <fieldset className="webhook-event-types" aria-describedby={problem ? problemId : undefined}>
      <legend>{t('integration.webhooks.fields.eventTypes')}</legend>
      {webhookEventTypes.map((type) => (
        <Checkbox key={type} isSelected={value.includes(type)} onChange={(selected) => toggle(type, selected)}>
          {t(`integration.webhooks.eventTypes.${type}`)} <code className="api-key-prefix">{type}</code>
        </Checkbox>
      ))}
      {problem ? (
        <p id={problemId} className="api-key-problem" role="alert">
          {translateDetail(t, problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
