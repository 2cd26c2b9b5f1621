import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/locale';
import { saveFile } from '../../../lib/object-url';
import { Button } from '../../../ui/button';
import { Link } from '../../../ui/link';
import { useNotify } from '../../../ui/notification-bar';
import { downloadRecallCsv, useLotRecall } from '../api/lots';

/** The recall list (the quality right): every customer order and delivery the lot reached; CSV for Excel, and printable. */
export function RecallPanel({ lotId }: { lotId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const recall = useLotRecall(lotId, true);
  const language = i18n.resolvedLanguage;
  const rows = recall.data?.rows ?? [];
  const exportCsv = async () => {
    try {
      saveFile(await downloadRecallCsv(lotId, language ?? 'en'), `recall-${recall.data?.lot.number ?? lotId}.csv`);
    } catch (error) {
      notify({ severity: 'error', message: describeError(t, error) });
    }
  };
  return (
    <section aria-labelledby="lot-recall" className="lot-recall">
      <h2 id="lot-recall">{t('lots.recall.title')}</h2>
      <p>{t('lots.recall.hint')}</p>
      {rows.length ? (
        <table className="table lot-recall-table" aria-labelledby="lot-recall">
          <thead>
            <tr>
              <th scope="col">{t('lots.recall.customer')}</th>
              <th scope="col">{t('lots.recall.customerOrder')}</th>
              <th scope="col">{t('lots.recall.shipment')}</th>
              <th scope="col">{t('lots.recall.shippingDate')}</th>
              <th scope="col">{t('lots.recall.deliveryBills')}</th>
              <th scope="col">{t('lots.serials.title')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.customerOrderId} ${row.shipmentId ?? ''}`}>
                <td>{row.customer}</td>
                <td>
                  <Link href={`/order/details/${row.customerOrderId}`}>{row.customerOrderNumber}</Link>
                </td>
                <td>{row.shipmentId ? <Link href={`/order/shipment/${row.shipmentId}`}>{row.shipmentNumber}</Link> : t('lots.recall.notShipped')}</td>
                <td>{row.shippingDate ? formatDate(row.shippingDate, language) : '–'}</td>
                <td>{row.deliveryBills.join(', ') || '–'}</td>
                <td>{row.serials.join(', ') || '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('lots.recall.none')}</p>
      )}
      <div className="lot-actions lot-no-print">
        <Button variant="secondary" onPress={() => void exportCsv()}>
          {t('lots.recall.csv')}
        </Button>
        <Button variant="secondary" onPress={() => window.print()}>
          {t('lots.recall.print')}
        </Button>
      </div>
    </section>
  );
}
