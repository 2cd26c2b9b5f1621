import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointView } from '../../../domain/integration/webhooks.views';
import { describeError, formWideError } from '../../lib/error-messages';
import { useLocaleFormats } from '../../lib/locale';
import { defaultPaging } from '../../lib/paging';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { PlainTable } from '../../ui/plain-table';
import type { DataTableColumn } from '../../ui/table-parts';
import { useDeleteWebhook, useWebhooks } from './api/webhooks';
import { CreateWebhookDialog } from './components/create-webhook-dialog';
import { WebhookEndpointPanel } from './components/webhook-endpoint-panel';
import './integration.css';

/**
 * The webhooks tab of the company screen (the owner's and the product operator's, docs/integration.md):
 * the endpoints with their state; register one (its signing secret shown once); per endpoint its
 * delivery log, a test event, a replay, pause and resume, its event types, removal.
 */
export function WebhooksTab() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const rows = webhooks.data?.data ?? [];
  const selected = rows.find((endpoint) => endpoint.id === selectedId) ?? null;
  const createButton = <Button onPress={() => setCreating(true)}>{t('integration.webhooks.create.action')}</Button>;

  return (
    <div className="api-keys">
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">{t('integration.webhooks.heading')}</h2>
        <p>{t('integration.webhooks.intro')}</p>
        {webhooks.isSuccess && rows.length === 0 ? (
          <EmptyState title={t('integration.webhooks.empty.title')} action={createButton} headingLevel={3}>
            <p>{t('integration.webhooks.empty.text')}</p>
          </EmptyState>
        ) : (
          <>
            <div className="api-keys-actions">{createButton}</div>
            <EndpointTable
              rows={rows}
              isLoading={webhooks.isPending}
              error={webhooks.isError ? webhooks.error : undefined}
              onSelect={(endpoint) => setSelectedId(endpoint.id)}
            />
          </>
        )}
      </section>
      {selected ? <WebhookEndpointPanel endpoint={selected} onDelete={() => setDeleting(selected)} /> : null}
      <CreateWebhookDialog isOpen={creating} onClose={() => setCreating(false)} />
      <DeleteWebhookDialog
        endpoint={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSelectedId(null);
        }}
      />
    </div>
  );
}

function EndpointTable({
  rows,
  isLoading,
  error,
  onSelect,
}: {
  rows: WebhookEndpointView[];
  isLoading: boolean;
  error: unknown;
  onSelect: (endpoint: WebhookEndpointView) => void;
}) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const statusOf = (endpoint: WebhookEndpointView) => {
    if (endpoint.status === 'paused') return t(`integration.webhooks.status.paused.${endpoint.pausedReason ?? 'manual'}`);
    if (endpoint.nextAttemptAt)
      return t('integration.webhooks.status.retrying', { failures: endpoint.consecutiveFailures, at: formats.dateTime(endpoint.nextAttemptAt) });
    return t('integration.webhooks.status.active');
  };
  const columns: DataTableColumn<WebhookEndpointView>[] = [
    {
      id: 'url',
      header: t('integration.webhooks.fields.url'),
      isRowHeader: true,
      cell: (endpoint) => (
        <>
          <code className="api-key-prefix">{endpoint.url}</code>
          {endpoint.description ? <span className="api-key-muted"> {endpoint.description}</span> : null}
        </>
      ),
    },
    {
      id: 'types',
      header: t('integration.webhooks.fields.eventTypes'),
      cell: (endpoint) => endpoint.eventTypes.map((type) => t(`integration.webhooks.eventTypes.${type}`)).join(', '),
    },
    { id: 'status', header: t('integration.webhooks.fields.status'), cell: statusOf },
    { id: 'position', header: t('integration.webhooks.fields.position'), cell: (endpoint) => String(endpoint.position) },
    {
      id: 'actions',
      header: t('integration.keys.fields.actions'),
      cell: (endpoint) => (
        <Button variant="quiet" aria-label={t('integration.webhooks.open.named', { url: endpoint.url })} onPress={() => onSelect(endpoint)}>
          {t('integration.webhooks.open.action')}
        </Button>
      ),
    },
  ];
  return (
    <PlainTable
      label={t('integration.webhooks.heading')}
      columns={columns}
      rows={rows}
      rowId={(endpoint) => endpoint.id}
      total={rows.length}
      paging={{ ...defaultPaging, pageSize: Math.max(rows.length, 1) }}
      onPagingChange={() => undefined}
      isLoading={isLoading}
      error={error}
    />
  );
}

function DeleteWebhookDialog({ endpoint, onClose, onDeleted }: { endpoint: WebhookEndpointView | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteWebhook();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!endpoint) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('integration.webhooks.delete.done') });
        remove.reset();
        onDeleted();
      },
      onError: (error) => notify({ severity: 'error', message: t('integration.webhooks.failed', { reason: describeError(t, error) }) }),
    });
  };
  return (
    <Dialog title={t('integration.webhooks.delete.title')} isOpen={endpoint !== null} onOpenChange={(open) => !open && close()} role="alertdialog">
      <p>{t('integration.webhooks.delete.question', { url: endpoint?.url ?? '' })}</p>
      <FormError error={formWideError(remove.error)} />
      <DialogActions>
        <Button variant="secondary" onPress={close}>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" isDisabled={remove.isPending} onPress={confirm}>
          {t('integration.webhooks.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
