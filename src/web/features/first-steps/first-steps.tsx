import { useTranslation } from 'react-i18next';
import type { FirstStep } from '../../../domain/home/home.views';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { useDismissFirstSteps, useFirstSteps } from './api/first-steps';
import './first-steps.css';

/** Where each step is done. */
const targets: Record<FirstStep, string> = {
  company: '/company',
  stations: '/station/add-production-station',
  team: '/team/operation-user',
  material: '/material/add-material?type=product',
  order: '/order/add-order',
};

/**
 * A new company's first steps on the home screen (owner and administration users): each ticks itself
 * once the company's data shows it done; the list goes when all are done or the user dismisses it.
 */
export function FirstStepsChecklist() {
  const { t } = useTranslation();
  const notify = useNotify();
  const role = useAuth().session?.role;
  const firstSteps = useFirstSteps(role === 'SUPER_USER' || role === 'ADMIN');
  const dismiss = useDismissFirstSteps();
  const answer = firstSteps.data;
  if (!answer || answer.dismissed || answer.steps.every((step) => step.done)) return null;
  const done = answer.steps.filter((step) => step.done).length;
  return (
    <section className="panel first-steps" aria-labelledby="first-steps-title">
      <div className="first-steps-header">
        <h2 id="first-steps-title">{t('firstSteps.title')}</h2>
        <Button
          variant="quiet"
          isDisabled={dismiss.isPending}
          onPress={() =>
            dismiss.mutate(undefined, {
              onError: (error) => notify({ severity: 'error', message: t('firstSteps.dismissFailed', { reason: describeError(t, error) }) }),
            })
          }
        >
          {t('firstSteps.dismiss')}
        </Button>
      </div>
      <p>{t('firstSteps.progress', { done, total: answer.steps.length })}</p>
      <ol className="first-steps-list">
        {answer.steps.map(({ step, done: isDone }) => (
          <li key={step} data-done={isDone || undefined}>
            <span className="first-steps-mark" aria-hidden="true">
              {isDone ? '✓' : ''}
            </span>
            <span className="first-steps-text">
              {isDone ? t(`firstSteps.steps.${step}`) : <Link href={targets[step]}>{t(`firstSteps.steps.${step}`)}</Link>}
              <span className="visually-hidden">{isDone ? t('firstSteps.done') : t('firstSteps.open')}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
