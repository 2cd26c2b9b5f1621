import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailTrackingLinkSchema } from '../../../../domain/shipments/shipment-tracking.schema';
import type { ShipmentView } from '../../../../domain/shipments/shipments.views';
import { describeError, formWideError, validateInput } from '../../../lib/error-messages';
import { useLocaleFormats } from '../../../lib/locale';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { TextField } from '../../../ui/text-field';
import { useCreateTrackingLink, useCustomerEmail, useEmailTrackingLink, useRevokeTrackingLink, useTrackingLinks } from '../api/shipments';

/** A link just made: its page's address, and the token the email route checks against the stored hash. */
interface MadeLink {
  linkId: string;
  token: string;
  url: string;
}

const emailOnly = emailTrackingLinkSchema.pick({ email: true });
const checkEmail = (draft: { email: string }) => validateInput(emailOnly, draft);

/**
 * Emails the link just made to the end customer: the address filled in from the customer directory when it
 * knows the shipment's customer. The server sends it in the company's document language.
 */
function EmailLinkForm({ shipment, link }: { shipment: ShipmentView; link: MadeLink }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const known = useCustomerEmail(shipment.customerName);
  const form = useSchemaForm({ initial: () => ({ email: '' }), check: checkEmail });
  const send = useEmailTrackingLink();
  const { isDirty, reset } = form;
  const filled = useRef(false);
  // The directory's address fills the field once, unless the user has typed one meanwhile.
  useEffect(() => {
    if (!known.data || filled.current || isDirty) return;
    filled.current = true;
    reset({ email: known.data });
  }, [known.data, isDirty, reset]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    send.mutate(
      { id: shipment.id, linkId: link.linkId, token: link.token, email: checked.email },
      {
        onSuccess: (queued) => notify({ severity: 'success', message: t('shipments.tracking.emailed', { email: queued.email }) }),
        onError: form.showServerProblems,
      },
    );
  };

  return (
    <Form onSubmit={submit} errors={form.errors} aria-label={t('shipments.tracking.emailTitle')} className="shipment-email-form" id={form.scopeId}>
      <FormError error={formWideError(send.error)} />
      <TextField
        {...form.field('email')}
        type="email"
        autoComplete="off"
        label={t('shipments.tracking.emailTo')}
        description={t('shipments.tracking.emailHint')}
        isRequired
      />
      <Button type="submit" variant="secondary" isDisabled={send.isPending}>
        {t('shipments.tracking.emailSend')}
      </Button>
    </Form>
  );
}

/** The end customer's tracking links: a writer makes one (its address is shown this once) and withdraws it. */
export function TrackingLinksPanel({ shipment, canWrite }: { shipment: ShipmentView; canWrite: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const formats = useLocaleFormats();
  const links = useTrackingLinks(shipment.id);
  const create = useCreateTrackingLink();
  const revoke = useRevokeTrackingLink();
  const [made, setMade] = useState<MadeLink | null>(null);

  const makeLink = () =>
    create.mutate(
      { id: shipment.id },
      {
        onSuccess: (link) => {
          setMade({ linkId: link.id, token: link.token, url: `${window.location.origin}${link.path}` });
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
        <div>
          <div role="status">
            <p>{t('shipments.tracking.copyNow')}</p>
            <a className="shipment-token" href={made.url} target="_blank" rel="noopener noreferrer">
              {made.url}
            </a>
          </div>
          <Button variant="secondary" onPress={() => copyLink(made.url)}>
            {t('shipments.tracking.copy')}
          </Button>
          {canWrite ? <EmailLinkForm key={made.linkId} shipment={shipment} link={made} /> : null}
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
