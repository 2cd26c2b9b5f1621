import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '../../../domain/integration/api-keys.views';
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
import { useApiKeys, useRevokeApiKey } from './api/api-keys';
import { CreateApiKeyDialog } from './components/create-api-key-dialog';
import './integration.css';

/**
 * The API keys tab of the company screen (the owner's and the product operator's, docs/integration.md):
 * the keys with their scopes, dates and last use; create one (its secret shown once); revoke one.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const createButton = <Button onPress={() => setCreating(true)}>{t('integration.keys.create.action')}</Button>;
  const rows = keys.data?.data ?? [];

  return (
    <div className="api-keys">
      <section aria-labelledby="api-keys-heading">
        <h2 id="api-keys-heading">{t('integration.keys.heading')}</h2>
        <p>{t('integration.keys.intro')}</p>
        {keys.isSuccess && rows.length === 0 ? (
          <EmptyState title={t('integration.keys.empty.title')} action={createButton} headingLevel={3}>
            <p>{t('integration.keys.empty.text')}</p>
          </EmptyState>
        ) : (
          <>
            <div className="api-keys-actions">{createButton}</div>
            <KeyTable rows={rows} readAt={keys.dataUpdatedAt} isLoading={keys.isPending} error={keys.isError ? keys.error : undefined} onRevoke={setRevoking} />
            {keys.isError ? (
              <Button variant="secondary" onPress={() => void keys.refetch()}>
                {t('integration.keys.retry')}
              </Button>
            ) : null}
          </>
        )}
      </section>
      <CreateApiKeyDialog isOpen={creating} onClose={() => setCreating(false)} />
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

interface KeyTableProps {
  rows: ApiKeyView[];
  /** When the list was read (epoch ms): a key is shown expired as of then. */
  readAt: number;
  isLoading: boolean;
  error: unknown;
  onRevoke: (key: ApiKeyView) => void;
}

function KeyTable({ rows, readAt, isLoading, error, onRevoke }: KeyTableProps) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const statusOf = (key: ApiKeyView) => {
    if (key.revokedAt) return t('integration.keys.status.revoked', { at: formats.dateTime(key.revokedAt) });
    if (key.expiresAt && Date.parse(key.expiresAt) <= readAt) return t('integration.keys.status.expired');
    return t('integration.keys.status.active');
  };
  const columns: DataTableColumn<ApiKeyView>[] = [
    {
      id: 'name',
      header: t('integration.keys.fields.name'),
      isRowHeader: true,
      cell: (key) => (
        <>
          {key.name} <code className="api-key-prefix">{key.prefix}…</code>
        </>
      ),
    },
    {
      id: 'scopes',
      header: t('integration.keys.fields.scopes'),
      cell: (key) =>
        key.scopes
          .map((scope) =>
            t('integration.keys.scope', { area: t(`integration.keys.areas.${scope.area}`), access: t(`integration.keys.access.${scope.access}`) }),
          )
          .join(', '),
    },
    { id: 'created', header: t('integration.keys.fields.created'), cell: (key) => formats.dateTime(key.createdAt) },
    {
      id: 'expires',
      header: t('integration.keys.fields.expires'),
      cell: (key) => (key.expiresAt ? formats.dateTime(key.expiresAt) : t('integration.keys.never')),
    },
    {
      id: 'lastUsed',
      header: t('integration.keys.fields.lastUsed'),
      cell: (key) => (key.lastUsedAt ? formats.dateTime(key.lastUsedAt) : t('integration.keys.notUsed')),
    },
    { id: 'status', header: t('integration.keys.fields.status'), cell: statusOf },
    {
      id: 'actions',
      header: t('integration.keys.fields.actions'),
      cell: (key) =>
        key.revokedAt ? null : (
          <Button variant="quiet" aria-label={t('integration.keys.revoke.named', { name: key.name })} onPress={() => onRevoke(key)}>
            {t('integration.keys.revoke.action')}
          </Button>
        ),
    },
  ];
  return (
    <PlainTable
      label={t('integration.keys.heading')}
      columns={columns}
      rows={rows}
      rowId={(key) => key.id}
      total={rows.length}
      paging={{ ...defaultPaging, pageSize: Math.max(rows.length, 1) }}
      onPagingChange={() => undefined}
      isLoading={isLoading}
      error={error}
    />
  );
}

/** Asks before revoking: a revoked key stops working at once, for good. */
function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('integration.keys.revoke.done', { name: apiKey.name }) });
        close();
      },
      onError: (error) => notify({ severity: 'error', message: t('integration.keys.revoke.failed', { reason: describeError(t, error) }) }),
    });
  };
  return (
    <Dialog title={t('integration.keys.revoke.title')} isOpen={apiKey !== null} onOpenChange={(open) => !open && close()} role="alertdialog">
      <p>{t('integration.keys.revoke.question', { name: apiKey?.name ?? '' })}</p>
      <FormError error={formWideError(revoke.error)} />
      <DialogActions>
        <Button variant="secondary" onPress={close}>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" isDisabled={revoke.isPending} onPress={confirm}>
          {t('integration.keys.revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
