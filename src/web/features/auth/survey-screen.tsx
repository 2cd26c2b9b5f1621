import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { referralSources, referralSourceUpdateSchema, type ReferralSource } from '../../../domain/company/company.schema';
import { useAuth } from '../../lib/auth';
import { formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { Select, SelectItem } from '../../ui/select';
import { PageSpinner } from '../../ui/spinner';
import { useUpdateReferralSource } from './api/signup-calls';
import { LeaveOrSubmit } from './components/auth-form-parts';
import './components/auth-forms.css';

const checkAnswer = ({ referralSource }: { referralSource: ReferralSource | null }) =>
  validateInput(referralSourceUpdateSchema, { referralSource: referralSource ?? undefined });

/** 'How did you hear about us?', asked once after sign-up; the answer goes to the company account. */
export function SurveyScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status, session } = useAuth();
  const notify = useNotify();
  const form = useSchemaForm({ initial: (): { referralSource: ReferralSource | null } => ({ referralSource: null }), check: checkAnswer });
  const answer = useUpdateReferralSource();

  if (status === 'loading') return <PageSpinner />;
  if (!session) return <Redirect to="/login" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    // Without a company id the server answers 'ID is missing', which the form then shows.
    answer.mutate(
      { companyId: session.company ?? '', input: checked },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('auth.survey.thanks') });
          navigate('/home', { replace: true });
        },
        onError: form.showServerProblems,
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={t('screens.surveyForm.title')}>
      <p className="auth-intro">{t('auth.survey.intro')}</p>
      <FormError error={formWideError(answer.error)} />
      <Select
        name="referralSource"
        label={t('auth.survey.question')}
        placeholder={t('auth.survey.choose')}
        value={form.draft.referralSource}
        onChange={(key) => form.patch({ referralSource: referralSources.find((source) => source === key) ?? null })}
        errorDetail={form.problem('referralSource')}
        isRequired
        items={referralSources.map((source) => ({ id: source }))}
      >
        {(item) => <SelectItem id={item.id}>{t(`auth.survey.sources.${item.id}`)}</SelectItem>}
      </Select>
      <LeaveOrSubmit leaveLabel={t('auth.survey.skip')} submitLabel={t('auth.survey.submit')} isPending={answer.isPending} />
    </Form>
  );
}
