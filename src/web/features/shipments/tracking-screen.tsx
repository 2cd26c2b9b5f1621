import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { isApiError } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { PageSpinner } from '../../ui/spinner';
import { TRACKING_REFRESH_MS, useTrackingPage } from './api/shipments';
import { ShipmentStatusBadge, ShipmentStepper } from './components/shipment-status';
import './shipments.css';

/**
 * `/tracking/:token`: the end customer's read-only page, no sign-in. It has no live feed (that
 * needs a session), so it reads again every half minute and says when it last did.
 */
export function TrackingScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams<{ token?: string }>();
  const formats = useLocaleFormats();
  const format = useFormatNumber();
  const tracking = useTrackingPage(token);

  if (tracking.isPending) return <PageSpinner aria-label={t('shipments.trackingPage.loading')} />;
  if (!tracking.data) {
    const gone = isApiError(tracking.error) && tracking.error.status === 404;
    return (
      <main className="tracking-page">
        <h1>{t('shipments.trackingPage.unavailableTitle')}</h1>
        <p role="alert">{gone ? t('errors.TRACKING_LINK_NOT_FOUND') : describeError(t, tracking.error)}</p>
      </main>
    );
  }
  const page = tracking.data;
  return (
    <main className="tracking-page">
      <div className="shipment-title">
        <h1>{t('shipments.trackingPage.title', { shipmentNumber: page.shipmentNumber })}</h1>
        <ShipmentStatusBadge status={page.status} />
      </div>
      <p className="tracking-sender">
        {page.sender.hasLogo ? (
          <img
            src={`/api/tracking/${encodeURIComponent(token)}/logo`}
            alt={t('shipments.trackingPage.senderLogo', { company: page.sender.companyName })}
            width={154}
            height={52}
          />
        ) : null}
        <span>{t('shipments.trackingPage.sender', { company: page.sender.companyName })}</span>
      </p>
      <section className="panel shipment-panel" aria-labelledby="tracking-status-heading">
        <h2 id="tracking-status-heading">{t('shipments.trackingPage.statusTitle')}</h2>
        <ShipmentStepper status={page.status} label={t('shipments.details.progress')} />
        <p className="shipment-muted" role="status">
          {t('shipments.trackingPage.refreshed', { at: formats.time(new Date(tracking.dataUpdatedAt).toISOString()), seconds: TRACKING_REFRESH_MS / 1000 })}
        </p>
      </section>
      <section className="panel shipment-panel" aria-labelledby="tracking-data-heading">
        <h2 id="tracking-data-heading">{t('shipments.trackingPage.dataTitle')}</h2>
        <dl className="shipment-facts">
          <div>
            <dt>{t(`shipments.trackingPage.carrier.${page.status}`)}</dt>
            <dd>{page.carrierName}</dd>
          </div>
          <div>
            <dt>{t('shipments.fields.trackingId')}</dt>
            <dd>{page.trackingId || '–'}</dd>
          </div>
          <div>
            <dt>{t('shipments.fields.shippingDate')}</dt>
            <dd>{formats.day(page.shippingDate)}</dd>
          </div>
          <div>
            <dt>{t('shipments.fields.link')}</dt>
            <dd>
              {page.link ? (
                <a href={page.link} target="_blank" rel="noopener noreferrer">
                  {t('shipments.details.openTracking')}
                </a>
              ) : (
                '–'
              )}
            </dd>
          </div>
        </dl>
      </section>
      <section className="panel shipment-panel" aria-labelledby="tracking-contents-heading">
        <h2 id="tracking-contents-heading">{t('shipments.trackingPage.contents')}</h2>
        <ul className="plain-list">
          {page.orders.map((order) => (
            <li key={order.orderNumber}>
              <strong>{t('shipments.details.orderNamed', { orderNumber: order.orderNumber })}</strong>
              {order.positions.map((position, index) => (
                <span key={index} className="shipment-line">
                  {t('shipments.trackingPage.position', { quantity: format(position.quantity), material: position.materialName })}
                </span>
              ))}
            </li>
          ))}
        </ul>
        <p className="shipment-muted">{t('shipments.trackingPage.validUntil', { at: formats.dateTime(page.expiresAt) })}</p>
      </section>
    </main>
  );
}
