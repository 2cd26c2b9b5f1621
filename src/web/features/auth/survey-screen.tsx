import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { referralSources, referralSourceUpdateSchema, type ReferralSource } from '../../../domain/company/company.schema';
import { useAuth } from '../../lib/auth';
import { validateInput, type FieldErrors } from '../../lib/error-messages';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { Select, SelectItem } from '../../ui/select';
import { PageSpinner } from '../../ui/spinner';
import { useUpdateReferralSource } from './api/signup-calls';
import './components/auth-forms.css';
import { fieldProblemsOf, formWideError, withoutProblem } from './form-state';

/** 'How did you hear about us?', asked once after sign-up; the answer goes to the company account. */
export function SurveyScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status, session } = useAuth();
  const notify = useNotify();
  const [referralSource, setReferralSource] = useState<ReferralSource | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const answer = useUpdateReferralSource();

  if (status === 'loading') return <PageSpinner />;
  if (!session) return <Redirect to="/login" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateInput(referralSourceUpdateSchema, { referralSource: referralSource ?? undefined });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    // Without a company id the server answers 'ID is missing', which the form then shows.
    answer.mutate(
      { companyId: session.company ?? '', input: checked.value },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('auth.survey.thanks') });
          navigate('/home', { replace: true });
        },
        onError: (error) => setErrors(fieldProblemsOf(error)),
      },
    );
  };

  return (
    <Form errors={errors} onSubmit={submit} aria-label={t('screens.surveyForm.title')}>
      <p className="auth-intro">{t('auth.survey.intro')}</p>
      <FormError error={formWideError(answer.error)} />
      <Select
        name="referralSource"
        label={t('auth.survey.question')}
        placeholder={t('auth.survey.choose')}
        value={referralSource}
        onChange={(key) => {
          setReferralSource(referralSources.find((source) => source === key) ?? null);
          setErrors((current) => withoutProblem(current, 'referralSource'));
        }}
        errorDetail={errors.referralSource}
        isRequired
        items={referralSources.map((source) => ({ id: source }))}
      >
        {(item) => <SelectItem id={item.id}>{t(`auth.survey.sources.${item.id}`)}</SelectItem>}
      </Select>
      <div className="auth-actions">
        <Link variant="button" href="/home">
          {t('auth.survey.skip')}
        </Link>
        <Button type="submit" isDisabled={answer.isPending}>
          {t('auth.survey.submit')}
        </Button>
      </div>
    </Form>
  );
}
