import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeyAreas, createApiKeySchema, type ApiKeyAccess, type ApiKeyArea } from '../../../../domain/integration/api-keys.schema';
import type { CreatedApiKey } from '../../../../domain/integration/api-keys.views';
import { describeError, fieldErrorsFromApiError, formWideError, translateDetail, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useCreateApiKey } from '../api/api-keys';
import { SecretOnceDialog } from './secret-once-dialog';

type Choice = ApiKeyAccess | 'none';
const choices: readonly Choice[] = ['none', 'read', 'write'];

interface KeyDraft {
  name: string;
  access: Record<ApiKeyArea, Choice>;
  /** The date input's value (the last day the key works); '' for a key without expiry. */
  expiresOn: string;
}

const emptyDraft = (): KeyDraft => ({
  name: '',
  access: { materials: 'none', orders: 'none', stations: 'none', shipments: 'none', team: 'none' },
  expiresOn: '',
});

/** The first moment after the day chosen, in the browser's time zone: the key works through that day. */
function expiryOf(day: string): string | null {
  if (!day) return null;
  const end = new Date(`${day}T00:00:00`);
  if (Number.isNaN(end.getTime())) return day;
  end.setDate(end.getDate() + 1);
  return end.toISOString();
}

const inputOf = (draft: KeyDraft) => ({
  name: draft.name,
  scopes: apiKeyAreas.flatMap((area) => {
    const access = draft.access[area];
    return access === 'none' ? [] : [{ area, access }];
  }),
  expiresAt: expiryOf(draft.expiresOn),
});

// The request names the expiry `expiresAt`; the dialog's field is the day.
const draftPath = (path: string) => (path === 'expiresAt' ? 'expiresOn' : path.startsWith('scopes') ? 'scopes' : path);
const onDraft = (errors: Record<string, { path: string; message: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([path, detail]) => [draftPath(path), detail]));

/**
 * Creating an API key: name, access per area, an optional last day. Once made, the dialog shows the
 * secret (this one time) with a button that copies it; closing it forgets the secret.
 */
export function CreateApiKeyDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog<CreatedApiKey>
      isOpen={isOpen}
      onClose={onClose}
      title={t('integration.keys.create.title')}
      createdTitle={(created) => t('integration.keys.created.title', { name: created.key.name })}
      texts="integration.keys.created"
    >
      {(onCreated, onCancel) => <KeyForm onCreated={onCreated} onCancel={onCancel} />}
    </SecretOnceDialog>
  );
}

function KeyForm({ onCreated, onCancel }: { onCreated: (created: CreatedApiKey) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateApiKey();
  const check = useCallback((draft: KeyDraft) => {
    const checked = validateInput(createApiKeySchema, inputOf(draft));
    return checked.ok ? checked : { ok: false as const, errors: onDraft(checked.errors) };
  }, []);
  const form = useSchemaForm({ initial: emptyDraft, check });
  const scopesProblem = form.problem('scopes');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: onCreated,
      onError: (error) => {
        form.showProblems(onDraft(fieldErrorsFromApiError(error)));
        notify({ severity: 'error', message: t('integration.keys.create.failed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <Form id={form.scopeId} className="api-key-form" onSubmit={submit} aria-label={t('integration.keys.create.title')}>
      <FormError error={formWideError(create.error)} />
      <TextField label={t('integration.keys.fields.name')} description={t('integration.keys.create.nameHint')} isRequired {...form.field('name')} />
      <fieldset aria-describedby={scopesProblem ? 'api-key-scopes-problem' : undefined}>
        <legend>{t('integration.keys.fields.scopes')}</legend>
        <p className="api-key-muted">{t('integration.keys.create.scopesHint')}</p>
        {apiKeyAreas.map((area) => (
          <Select
            key={area}
            name={`access-${area}`}
            label={t(`integration.keys.areas.${area}`)}
            value={form.draft.access[area]}
            onChange={(key) => {
              const choice = choices.find((candidate) => candidate === key);
              if (choice) form.patch({ access: { ...form.draft.access, [area]: choice } });
            }}
            items={choices.map((choice) => ({ id: choice }))}
          >
            {(item) => <SelectItem id={item.id}>{t(`integration.keys.access.${item.id}`)}</SelectItem>}
          </Select>
        ))}
        {scopesProblem ? (
          <p id="api-key-scopes-problem" className="api-key-problem" role="alert">
            {translateDetail(t, scopesProblem)}
          </p>
        ) : null}
      </fieldset>
      <TextField
        type="date"
        label={t('integration.keys.fields.expiresOn')}
        description={t('integration.keys.create.expiryHint')}
        {...form.field('expiresOn')}
      />
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {t('integration.keys.create.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
