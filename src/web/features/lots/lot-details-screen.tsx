import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { LotView } from '../../../domain/lots/lots.views';
import { can, canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { formatDate, formatNumber } from '../../lib/locale';
import { saveFile } from '../../lib/object-url';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { FilePicker } from '../../ui/file-picker';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { RecordLoader } from '../../ui/record-loader';
import { downloadCertificate, getLotQueryOptions, useLot, useLotGenealogy, useLotOrigins, useUploadCertificate } from './api/lots';
import { ConsumeForm } from './components/consume-form';
import { RecallPanel } from './components/recall-panel';
import { lotsLiveTopics } from './lot-list-screen';
import './lots.css';

function Certificate({ lot, mayReceive }: { lot: LotView; mayReceive: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadCertificate(lot.id);
  const fail = (error: unknown) => notify({ severity: 'error', message: describeError(t, error) });
  const save = async () => {
    try {
      saveFile(await downloadCertificate(lot.id), lot.certificate?.fileName ?? 'certificate.pdf');
    } catch (error) {
      fail(error);
    }
  };
  return (
    <section aria-labelledby="lot-certificate">
      <h2 id="lot-certificate">{t('lots.certificate.title')}</h2>
      {lot.certificate ? (
        <p>
          <Button variant="secondary" onPress={() => void save()}>
            {t('lots.certificate.download', { fileName: lot.certificate.fileName })}
          </Button>
        </p>
      ) : (
        <p>{t('lots.certificate.none')}</p>
      )}
      {mayReceive ? (
        <p>
          <FilePicker acceptedFileTypes={['application/pdf']} onSelect={(file) => upload.mutate(file, { onError: fail })} isDisabled={upload.isPending}>
            {lot.certificate ? t('lots.certificate.replace') : t('lots.certificate.add')}
          </FilePicker>{' '}
          <span className="lot-muted">{t('lots.certificate.rule')}</span>
        </p>
      ) : null}
    </section>
  );
}

function List({ title, id, items }: { title: string; id: string; items: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {items.length ? <ul>{items}</ul> : <p>{t('lots.genealogy.none')}</p>}
    </section>
  );
}

/** Where the lot went (up to the customers) and, for a lot made here, what it was made of (down to the bought lots). */
function Genealogy({ lot }: { lot: LotView }) {
  const { t } = useTranslation();
  const genealogy = useLotGenealogy(lot.id);
  const origins = useLotOrigins(lot.origin === 'produced' ? lot.orderId : null);
  const data = genealogy.data;
  return (
    <section aria-labelledby="lot-genealogy" className="lot-genealogy">
      <h2 id="lot-genealogy">{t('lots.genealogy.title')}</h2>
      {lot.origin === 'produced' ? (
        <List
          title={t('lots.genealogy.madeOf')}
          id="lot-made-of"
          items={(origins.data?.lots ?? [])
            .filter((entry) => entry.id !== lot.id)
            .map((entry) => (
              <li key={entry.id}>
                <Link href={`/lots/lot/${entry.id}`}>{entry.number}</Link> · {entry.materialName}
                {entry.supplierLotNumber ? ` · ${t('lots.columns.supplierLotNumber')} ${entry.supplierLotNumber}` : ''}
                {entry.hasCertificate ? ` · ${t('lots.certificate.present')}` : ''}
              </li>
            ))}
        />
      ) : null}
      <List
        title={t('lots.genealogy.productionOrders')}
        id="lot-production-orders"
        items={(data?.productionOrders ?? []).map((order) => (
          <li key={order.orderId}>
            <Link href={`/order/details/${order.orderId}`}>{order.orderNumber}</Link> · {order.materialName}
          </li>
        ))}
      />
      <List
        title={t('lots.genealogy.producedLots')}
        id="lot-produced-lots"
        items={(data?.producedLots ?? []).map((entry) => (
          <li key={entry.id}>
            <Link href={`/lots/lot/${entry.id}`}>{entry.number}</Link> · {entry.materialName}
            {entry.serials.length ? ` · ${t('lots.serials.list', { serials: entry.serials.join(', ') })}` : ''}
          </li>
        ))}
      />
      <List
        title={t('lots.genealogy.shipments')}
        id="lot-shipments"
        items={(data?.shipments ?? []).map((shipment) => (
          <li key={shipment.shipmentId}>
            <Link href={`/order/shipment/${shipment.shipmentId}`}>{shipment.shipmentNumber}</Link> · {shipment.customer}
            {shipment.deliveryBills.length ? ` · ${shipment.deliveryBills.join(', ')}` : ''}
          </li>
        ))}
      />
      <List
        title={t('lots.genealogy.customers')}
        id="lot-customers"
        items={(data?.customers ?? []).map((customer) => (
          <li key={customer}>{customer}</li>
        ))}
      />
    </section>
  );
}

function LotDetails({ lot, documents }: { lot: LotView; documents: (lotId: string) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const rights = useChangeRights();
  const language = i18n.resolvedLanguage;
  const mayReceive = canChange(session, 'orders', rights);
  const mayConsume = mayReceive || can(session, 'workAtStation');
  return (
    <div className="page lot-details">
      <div className="page-header">
        <h1>{t('lots.details.title', { number: lot.number })}</h1>
      </div>
      <dl className="lot-facts">
        <dt>{t('lots.columns.material')}</dt>
        <dd>
          {lot.materialName} ({lot.materialNumber})
        </dd>
        {lot.origin === 'received' ? (
          <>
            <dt>{t('lots.columns.supplier')}</dt>
            <dd>{lot.supplier}</dd>
            <dt>{t('lots.columns.supplierLotNumber')}</dt>
            <dd>{lot.supplierLotNumber}</dd>
          </>
        ) : null}
        <dt>{lot.origin === 'received' ? t('lots.details.logisticsOrder') : t('lots.details.productionOrder')}</dt>
        <dd>
          <Link href={`/order/details/${lot.orderId}`}>{lot.orderNumber}</Link>
        </dd>
        <dt>{t('lots.columns.remaining')}</dt>
        <dd>
          {formatNumber(lot.remaining, language)} / {formatNumber(lot.quantity, language)} {lot.unit}
        </dd>
        <dt>{t('lots.columns.receivedOn')}</dt>
        <dd>{formatDate(lot.receivedOn, language)}</dd>
        {lot.serials.length ? (
          <>
            <dt>{t('lots.serials.title')}</dt>
            <dd className="lot-serials">{lot.serials.join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <Certificate lot={lot} mayReceive={mayReceive} />
      {documents(lot.id)}
      {mayConsume ? <ConsumeForm lot={lot} /> : null}
      <Genealogy lot={lot} />
      {canChange(session, 'quality', rights) ? <RecallPanel lotId={lot.id} /> : null}
      <p>
        <Link href="/lots">{t('lots.back')}</Link>
      </p>
    </div>
  );
}

/** One lot: its facts, certificate, label, consumption, genealogy and (the quality right) the recall list. */
export function LotDetailsScreen({ documents }: { documents: (lotId: string) => ReactNode }) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const lot = useLot(id);
  useLiveQuery(lotsLiveTopics, getLotQueryOptions(id).queryKey, lot);
  return (
    <RecordLoader
      id={id}
      query={lot}
      failedTitle={t('lots.details.loadFailed')}
      noneChosen={{ title: t('lots.details.noneTitle'), text: t('lots.details.noneText') }}
      back={{ href: '/lots', label: t('lots.back') }}
    >
      {(record) => <LotDetails lot={record} documents={documents} />}
    </RecordLoader>
  );
}
