import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { submitSuggestionSchema } from '../../../../domain/suggestions/suggestion.schema';
import { describeError, formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { TextArea } from '../../../ui/text-area';
import { useSubmitSuggestion } from '../api/suggestions';

interface SuggestionDraft {
  text: string;
}

const emptyDraft = (): SuggestionDraft => ({ text: '' });

/** The dialog in which any user writes an improvement suggestion; from a station screen it names the station. */
export function SuggestImprovementDialog({ isOpen, onClose, stationId = null }: { isOpen: boolean; onClose: () => void; stationId?: string | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const submitSuggestion = useSubmitSuggestion();
  const check = useCallback((draft: SuggestionDraft) => validateInput(submitSuggestionSchema, { text: draft.text, stationId }), [stationId]);
  const form = useSchemaForm({ initial: emptyDraft, check });

  const close = () => {
    form.reset(emptyDraft());
    submitSuggestion.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    submitSuggestion.mutate(checked, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('suggestions.submit.done') });
        close();
      },
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('suggestions.submit.failed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <Dialog title={t('suggestions.submit.title')} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      <Form id={form.scopeId} onSubmit={submit} aria-label={t('suggestions.submit.title')}>
        <p>{t('suggestions.submit.intro')}</p>
        <FormError error={formWideError(submitSuggestion.error)} />
        <TextArea
          label={t('suggestions.fields.text')}
          description={t('suggestions.submit.textHint', { max: form.limit('text') })}
          rows={6}
          isRequired
          maxLength={form.limit('text')}
          {...form.field('text')}
        />
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={submitSuggestion.isPending}>
            {t('suggestions.submit.send')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
