import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevMailboxMessage } from '../../../domain/shared/dev-mailbox.views';
import { isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/locale';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { useDevMailbox } from './api/dev-mailbox';
import './dev-mailbox.css';

const matches = (message: DevMailboxMessage, filter: string) => {
  const needle = filter.trim().toLowerCase();
  return needle === '' || message.to.toLowerCase().includes(needle) || message.subject.toLowerCase().includes(needle);
};

/**
 * The master user's view of the dev mailbox: mail the server kept instead of sending it (no SMTP
 * configured, not production), newest first, so a sign-up code or an invitation link can be read.
 */
export function DevMailboxScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const mailbox = useDevMailbox();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const all = useMemo(() => mailbox.data?.data ?? [], [mailbox.data]);
  const filtered = useMemo(() => all.filter((message) => matches(message, paging.globalFilter)), [all, paging.globalFilter]);
  const shown = filtered.slice(paging.pageIndex * paging.pageSize, (paging.pageIndex + 1) * paging.pageSize);
  const selected = all.find((message) => message.id === selectedId) ?? null;

  const columns = useMemo<DataTableColumn<DevMailboxMessage>[]>(
    () => [
      { id: 'subject', header: t('devMailbox.columns.subject'), cell: (row) => row.subject, isRowHeader: true },
      { id: 'to', header: t('devMailbox.columns.to'), cell: (row) => row.to },
      { id: 'sentAt', header: t('devMailbox.columns.sentAt'), cell: (row) => formatDateTime(row.sentAt, language) },
    ],
    [t, language],
  );

  if (isApiError(mailbox.error) && mailbox.error.status === 404) {
    return (
      <div className="page">
        <h1>{t('screens.devMailbox.title')}</h1>
        <EmptyState title={t('devMailbox.off.title')}>{t('devMailbox.off.text')}</EmptyState>
      </div>
    );
  }

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.devMailbox.title')}</h1>
      </div>
      <p className="dev-mailbox-intro">{t('devMailbox.intro')}</p>
      <DataTable
        label={t('devMailbox.tableLabel')}
        columns={columns}
        rows={shown}
        rowId={(row) => row.id}
        total={filtered.length}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={mailbox.isPending}
        error={mailbox.error}
        withFilter
        onRowAction={(row) => setSelectedId(row.id)}
      />
      {selected ? (
        <section className="dev-mailbox-message" aria-labelledby="dev-mailbox-message-subject">
          <h2 id="dev-mailbox-message-subject">{selected.subject}</h2>
          <dl className="dev-mailbox-headers">
            <dt>{t('devMailbox.columns.to')}</dt>
            <dd>{selected.to}</dd>
            <dt>{t('devMailbox.from')}</dt>
            <dd>{selected.from}</dd>
            <dt>{t('devMailbox.columns.sentAt')}</dt>
            <dd>{formatDateTime(selected.sentAt, language)}</dd>
          </dl>
          <pre className="dev-mailbox-text">{selected.text}</pre>
        </section>
      ) : all.length > 0 ? (
        <p className="dev-mailbox-hint">{t('devMailbox.pickOne')}</p>
      ) : null}
    </div>
  );
}
