import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createWebhookEndpointSchema, type WebhookEventType } from '../../../../domain/integration/webhooks.schema';
import type { CreatedWebhookEndpoint } from '../../../../domain/integration/webhooks.views';
import { describeError, fieldErrorsFromApiError, formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { TextField } from '../../../ui/text-field';
import { useCreateWebhook } from '../api/webhooks';
import { SecretOnceDialog } from './secret-once-dialog';
import { WebhookEventTypes } from './webhook-event-types';

interface WebhookDraft {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

const emptyDraft = (): WebhookDraft => ({ url: '', description: '', eventTypes: [] });
const fieldOf = (path: string) => (path.startsWith('eventTypes') ? 'eventTypes' : path);
const onDraft = (errors: Record<string, { path: string; message: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([path, detail]) => [fieldOf(path), detail]));

/**
 * Registering a webhook endpoint: URL, what it is for, the event types. Once made, the dialog shows
 * the signing secret (this one time) with a button that copies it.
 */
export function CreateWebhookDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog<CreatedWebhookEndpoint>
      isOpen={isOpen}
      onClose={onClose}
      title={t('integration.webhooks.create.title')}
      createdTitle={() => t('integration.webhooks.created.title')}
      texts="integration.webhooks.created"
    >
      {(onCreated, onCancel) => <EndpointForm onCreated={onCreated} onCancel={onCancel} />}
    </SecretOnceDialog>
  );
}

function EndpointForm({ onCreated, onCancel }: { onCreated: (created: CreatedWebhookEndpoint) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateWebhook();
  const check = useCallback((draft: WebhookDraft) => {
    const checked = validateInput(createWebhookEndpointSchema, draft);
    return checked.ok ? checked : { ok: false as const, errors: onDraft(checked.errors) };
  }, []);
  const form = useSchemaForm({ initial: emptyDraft, check });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: onCreated,
      onError: (error) => {
        form.showProblems(onDraft(fieldErrorsFromApiError(error)));
        notify({ severity: 'error', message: t('integration.webhooks.create.failed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <Form id={form.scopeId} className="api-key-form" onSubmit={submit} aria-label={t('integration.webhooks.create.title')}>
      <FormError error={formWideError(create.error)} />
      <TextField
        type="url"
        label={t('integration.webhooks.fields.url')}
        description={t('integration.webhooks.create.urlHint')}
        isRequired
        {...form.field('url')}
      />
      <TextField label={t('integration.webhooks.fields.description')} {...form.field('description')} />
      <WebhookEventTypes
        idPrefix="create-webhook"
        value={form.draft.eventTypes}
        onChange={(eventTypes) => form.patch({ eventTypes })}
        problem={form.problem('eventTypes')}
      />
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {t('integration.webhooks.create.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
