import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipmentView } from '../../../../domain/shipments/shipments.views';
import { describeError } from '../../../lib/error-messages';
import { useLocaleFormats } from '../../../lib/locale';
import { Button } from '../../../ui/button';
import { useNotify } from '../../../ui/notification-bar';
import { useCreateTrackingLink, useRevokeTrackingLink, useTrackingLinks } from '../api/shipments';

/** The end customer's tracking links: a writer makes one (its address is shown this once) and withdraws it. */
export function TrackingLinksPanel({ shipment, canWrite }: { shipment: ShipmentView; canWrite: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const formats = useLocaleFormats();
  const links = useTrackingLinks(shipment.id);
  const create = useCreateTrackingLink();
  const revoke = useRevokeTrackingLink();
  const [made, setMade] = useState<string | null>(null);

  const makeLink = () =>
    create.mutate(
      { id: shipment.id },
      {
        onSuccess: (link) => {
          setMade(`${window.location.origin}${link.path}`);
          notify({ severity: 'success', message: t('shipments.tracking.created') });
        },
        onError: (error) => notify({ severity: 'error', message: t('shipments.tracking.createFailed', { reason: describeError(t, error) }) }),
      },
    );

  const copyLink = (link: string) =>
    navigator.clipboard
      .writeText(link)
      .then(() => notify({ severity: 'success', message: t('shipments.tracking.copied') }))
      .catch(() => notify({ severity: 'error', message: t('shipments.tracking.copyFailed') }));

  return (
    <section className="panel shipment-panel" aria-labelledby="shipment-tracking-heading">
      <h2 id="shipment-tracking-heading">{t('shipments.tracking.title')}</h2>
      <p className="shipment-muted">{t('shipments.tracking.explain')}</p>
      {made ? (
        <div role="status">
          <p>{t('shipments.tracking.copyNow')}</p>
          <a className="shipment-token" href={made} target="_blank" rel="noopener noreferrer">
            {made}
          </a>
          <Button variant="secondary" onPress={() => copyLink(made)}>
            {t('shipments.tracking.copy')}
          </Button>
        </div>
      ) : null}
      {links.isError && !links.data ? <p role="alert">{describeError(t, links.error)}</p> : null}
      <ul className="plain-list">
        {(links.data?.data ?? []).map((link) => (
          <li key={link.id} className="shipment-attachment">
            <span>{t('shipments.tracking.madeAt', { at: formats.dateTime(link.createdAt) })}</span>
            <span className="shipment-muted">
              {link.revokedAt
                ? t('shipments.tracking.revokedAt', { at: formats.dateTime(link.revokedAt) })
                : link.active
                  ? t('shipments.tracking.validUntil', { at: formats.dateTime(link.expiresAt) })
                  : t('shipments.tracking.expiredAt', { at: formats.dateTime(link.expiresAt) })}
            </span>
            {canWrite && link.active ? (
              <Button
                variant="quiet"
                isDisabled={revoke.isPending}
                aria-label={t('shipments.tracking.revokeNamed', { at: formats.dateTime(link.createdAt) })}
                onPress={() =>
                  revoke.mutate(
                    { id: shipment.id, linkId: link.id },
                    {
                      onSuccess: () => notify({ severity: 'success', message: t('shipments.tracking.revoked') }),
                      onError: (error) => notify({ severity: 'error', message: t('shipments.tracking.revokeFailed', { reason: describeError(t, error) }) }),
                    },
                  )
                }
              >
                {t('shipments.tracking.revoke')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        <div className="shipment-buttons">
          <Button variant="secondary" onPress={makeLink} isDisabled={create.isPending}>
            {t('shipments.tracking.create')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
