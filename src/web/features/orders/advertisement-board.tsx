import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADVERTISEMENT_STREAM_TYPE, ORDER_STREAM_TYPE } from '../../../domain/orders/order.events';
import { advertisementSchema } from '../../../domain/orders/order.schema';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Form } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { TextField } from '../../ui/text-field';
import { getAdvertisementQueryOptions, useAdvertisement, useSetAdvertisement } from './api/orders';
import type { OrderListItem } from './api/types';
import { LiveState } from './components/live-state';
import { Badge } from '../../ui/badge';
import { OrderStatusLine, sharedOrderColumns } from './components/order-columns';
import { useLocaleFormats } from '../../lib/locale';
import './orders.css';

const displayTopics = [`type:${ORDER_STREAM_TYPE}`, `type:${ADVERTISEMENT_STREAM_TYPE}`] as const;

/** The display shows every order in production on one page. */
const allOnOnePage = { pageIndex: 0, pageSize: 500, globalFilter: '', sort: '' };

const checkAnnouncement = (draft: { comment: string }) => validateInput(advertisementSchema, draft);

function AnnouncementEditor({ comment }: { comment: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSetAdvertisement();
  const form = useSchemaForm({ initial: () => ({ comment }), check: checkAnnouncement });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    save.mutate(checked.comment, {
      onSuccess: () => notify({ severity: 'success', message: t('orders.display.saved') }),
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('orders.display.saveFailed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <Form className="display-editor" onSubmit={submit} aria-label={t('orders.display.editLabel')}>
      <TextField label={t('orders.display.announcement')} {...form.field('comment')} errorDetail={form.problem('comment')} />
      <Button type="submit" isDisabled={save.isPending}>
        {t('orders.display.save')}
      </Button>
    </Form>
  );
}

/**
 * `order/advertisement`: the shop-floor display. A full-screen live board of the orders in
 * production (number, station, status, delayed) under the announcement line an administrator
 * sets, the station board (`stationBoard`, from the board feature), and `alerts` (app/ composes the stations stopped now, from the interruptions feature). While the connection is lost or catching up it says so and frames the board as not
 * current: a stale board is never shown as current.
 */
export function AdvertisementBoard({ alerts, stationBoard }: { alerts?: ReactNode; stationBoard?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const formats = useLocaleFormats();
  const board = useAdvertisement();
  const live = useLiveQuery(displayTopics, getAdvertisementQueryOptions().queryKey, board);
  const [editing, setEditing] = useState(false);
  const mayEdit = can(session, 'write');
  const orders = board.data?.orders ?? [];

  const columns = useMemo<DataTableColumn<OrderListItem>[]>(() => {
    const shared = sharedOrderColumns(t, formats.day);
    return [
      { id: 'orderNumber', header: t('orders.fields.orderNumber'), isRowHeader: true, cell: (order) => order.orderNumber },
      shared.station,
      {
        ...shared.status,
        cell: (order) => (
          <OrderStatusLine order={order}>{order.workStartedAt ? <Badge tone="info">{t('orders.station.inWork')}</Badge> : null}</OrderStatusLine>
        ),
      },
      shared.delayed,
      shared.deliveryDate,
    ];
  }, [t, formats]);

  const enterFullScreen = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);

  return (
    <div className="display" data-current={live.isCurrent}>
      <header className="display-bar">
        <h1>{t('orders.display.title')}</h1>
        <div className="display-tools">
          <Button variant="secondary" onPress={enterFullScreen}>
            {t('orders.display.fullScreen')}
          </Button>
          {mayEdit ? (
            <Button variant="secondary" onPress={() => setEditing((open) => !open)} aria-expanded={editing}>
              {t('orders.display.edit')}
            </Button>
          ) : null}
          <Link variant="button" href="/order">
            {t('orders.display.back')}
          </Link>
        </div>
      </header>
      <main id="main" className="display-main" tabIndex={-1}>
        <LiveState live={live} subject={t('orders.display.subject')} />
        {editing && board.data ? <AnnouncementEditor key={board.data.updatedAt ?? 'none'} comment={board.data.comment} /> : null}
        {alerts}
        <section className="display-announcement" aria-label={t('orders.display.announcement')} aria-live="polite">
          {board.data?.comment ? <p>{board.data.comment}</p> : <p className="order-muted">{t('orders.display.noAnnouncement')}</p>}
        </section>
        {stationBoard}
        <section className="display-board" aria-labelledby="display-board-heading" aria-busy={!live.isCurrent}>
          <h2 id="display-board-heading">{t('orders.display.inProduction', { count: orders.length })}</h2>
          <DataTable
            label={t('orders.display.tableLabel')}
            columns={columns}
            rows={orders}
            rowId={(order) => order.id}
            total={orders.length}
            paging={allOnOnePage}
            onPagingChange={() => undefined}
            isLoading={board.isPending}
            error={board.data ? undefined : board.error}
          />
        </section>
      </main>
    </div>
  );
}
