import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookReplaySchema, type WebhookEventType } from '../../../../domain/integration/webhooks.schema';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../../../domain/integration/webhooks.views';
import { describeError, fieldErrorsFromApiError, validateInput, type FieldErrors } from '../../../lib/error-messages';
import { useLocaleFormats } from '../../../lib/locale';
import { defaultPaging } from '../../../lib/paging';
import { Button } from '../../../ui/button';
import { useNotify } from '../../../ui/notification-bar';
import { PlainTable } from '../../../ui/plain-table';
import type { DataTableColumn } from '../../../ui/table-parts';
import { TextField } from '../../../ui/text-field';
import { useChangeWebhookEventTypes, usePauseWebhook, useReplayWebhook, useResumeWebhook, useTestWebhook, useWebhookDeliveries } from '../api/webhooks';
import { WebhookEventTypes } from './webhook-event-types';

/** One endpoint: its actions (test event, pause or resume), its event types, a replay, and its delivery log. */
export function WebhookEndpointPanel({ endpoint, onDelete }: { endpoint: WebhookEndpointView; onDelete: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const test = useTestWebhook();
  const pause = usePauseWebhook();
  const resume = useResumeWebhook();
  const failed = (error: unknown) => notify({ severity: 'error', message: t('integration.webhooks.failed', { reason: describeError(t, error) }) });
  const sendTest = () =>
    test.mutate(endpoint.id, { onSuccess: () => notify({ severity: 'success', message: t('integration.webhooks.test.done') }), onError: failed });
  const toggle = () =>
    endpoint.status === 'paused'
      ? resume.mutate(endpoint.id, { onSuccess: () => notify({ severity: 'success', message: t('integration.webhooks.resume.done') }), onError: failed })
      : pause.mutate(endpoint.id, { onSuccess: () => notify({ severity: 'success', message: t('integration.webhooks.pause.done') }), onError: failed });
  return (
    <section className="webhook-panel" aria-labelledby="webhook-panel-heading">
      <h3 id="webhook-panel-heading">{t('integration.webhooks.panel.heading', { url: endpoint.url })}</h3>
      <div className="api-keys-actions webhook-actions">
        <Button variant="secondary" isDisabled={test.isPending} onPress={sendTest}>
          {t('integration.webhooks.test.action')}
        </Button>
        <Button variant="secondary" isDisabled={pause.isPending || resume.isPending} onPress={toggle}>
          {endpoint.status === 'paused' ? t('integration.webhooks.resume.action') : t('integration.webhooks.pause.action')}
        </Button>
        <Button variant="danger" onPress={onDelete}>
          {t('integration.webhooks.delete.action')}
        </Button>
      </div>
      <EventTypesForm key={endpoint.id} endpoint={endpoint} />
      <ReplayForm endpoint={endpoint} />
      <DeliveryLog endpointId={endpoint.id} />
    </section>
  );
}

function EventTypesForm({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangeWebhookEventTypes();
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>(endpoint.eventTypes);
  const [problems, setProblems] = useState<FieldErrors>({});
  const save = () => {
    if (eventTypes.length === 0) return setProblems({ eventTypes: { path: 'eventTypes', message: 'validation.webhookEventTypes' } });
    change.mutate(
      { id: endpoint.id, eventTypes },
      {
        onSuccess: () => notify({ severity: 'success', message: t('integration.webhooks.eventTypesSaved') }),
        onError: (error) => {
          setProblems(fieldErrorsFromApiError(error));
          notify({ severity: 'error', message: t('integration.webhooks.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };
  return (
    <div className="api-key-form">
      <WebhookEventTypes
        idPrefix={`endpoint-${endpoint.id}`}
        value={eventTypes}
        onChange={(next) => {
          setEventTypes(next);
          setProblems({});
        }}
        problem={problems.eventTypes}
      />
      <div>
        <Button variant="secondary" isDisabled={change.isPending} onPress={save}>
          {t('integration.webhooks.saveEventTypes')}
        </Button>
      </div>
    </div>
  );
}

function ReplayForm({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const replay = useReplayWebhook();
  const [position, setPosition] = useState('');
  const [from, setFrom] = useState('');
  const [problems, setProblems] = useState<FieldErrors>({});
  const input = () => ({ ...(position.trim() ? { position: position.trim() } : {}), ...(from ? { from: new Date(from).toISOString() } : {}) });
  // Enter in a field sends the replay.
  const onEnter = (event: { key: string; preventDefault(): void }) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  const submit = () => {
    const checked = validateInput(webhookReplaySchema, input());
    if (!checked.ok) return setProblems({ position: checked.errors.position ?? checked.errors[''], from: checked.errors.from });
    replay.mutate(
      { id: endpoint.id, replay: checked.value },
      {
        onSuccess: () => notify({ severity: 'success', message: t('integration.webhooks.replay.done') }),
        onError: (error) => {
          setProblems(fieldErrorsFromApiError(error));
          notify({ severity: 'error', message: t('integration.webhooks.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };
  return (
    <section className="api-key-form webhook-replay" aria-labelledby="webhook-replay-heading">
      <h4 id="webhook-replay-heading">{t('integration.webhooks.replay.heading')}</h4>
      <p className="api-key-muted">{t('integration.webhooks.replay.hint', { position: endpoint.position })}</p>
      <TextField
        label={t('integration.webhooks.replay.position')}
        inputMode="numeric"
        onKeyDown={onEnter}
        value={position}
        onChange={(value) => {
          setPosition(value);
          setProblems({});
        }}
        errorDetail={problems.position}
      />
      <TextField
        type="datetime-local"
        label={t('integration.webhooks.replay.from')}
        onKeyDown={onEnter}
        value={from}
        onChange={(value) => {
          setFrom(value);
          setProblems({});
        }}
        errorDetail={problems.from}
      />
      <div>
        <Button variant="secondary" isDisabled={replay.isPending} onPress={submit}>
          {t('integration.webhooks.replay.action')}
        </Button>
      </div>
    </section>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const deliveries = useWebhookDeliveries(endpointId);
  const rows = deliveries.data?.data ?? [];
  const columns: DataTableColumn<WebhookDeliveryView>[] = [
    { id: 'time', header: t('integration.webhooks.log.time'), isRowHeader: true, cell: (delivery) => formats.dateTime(delivery.lastAttemptAt) },
    { id: 'event', header: t('integration.webhooks.log.event'), cell: (delivery) => <code className="api-key-prefix">{delivery.eventType}</code> },
    { id: 'position', header: t('integration.webhooks.log.position'), cell: (delivery) => String(delivery.position) },
    { id: 'status', header: t('integration.webhooks.log.status'), cell: (delivery) => t(`integration.webhooks.log.statuses.${delivery.status}`) },
    {
      id: 'code',
      header: t('integration.webhooks.log.code'),
      cell: (delivery) => (delivery.responseCode === null ? (delivery.error ?? '–') : String(delivery.responseCode)),
    },
    { id: 'attempts', header: t('integration.webhooks.log.attempts'), cell: (delivery) => String(delivery.attempts) },
    {
      id: 'next',
      header: t('integration.webhooks.log.nextRetry'),
      cell: (delivery) => (delivery.nextAttemptAt ? formats.dateTime(delivery.nextAttemptAt) : '–'),
    },
  ];
  return (
    <section aria-labelledby="webhook-log-heading">
      <h4 id="webhook-log-heading">{t('integration.webhooks.log.heading')}</h4>
      {deliveries.isSuccess && rows.length === 0 ? <p>{t('integration.webhooks.log.empty')}</p> : null}
      <PlainTable
        label={t('integration.webhooks.log.heading')}
        columns={columns}
        rows={rows}
        rowId={(delivery) => delivery.id}
        total={rows.length}
        paging={{ ...defaultPaging, pageSize: Math.max(rows.length, 1) }}
        onPagingChange={() => undefined}
        isLoading={deliveries.isPending}
        error={deliveries.isError ? deliveries.error : undefined}
      />
    </section>
  );
}
