import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../../domain/team/team.views';
import { canChange } from '../../../lib/access';
import { useAuth } from '../../../lib/auth';
import { describeError } from '../../../lib/error-messages';
import { useChangeRights } from '../../../lib/use-change-rights';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { useNotify } from '../../../ui/notification-bar';
import { useActivation } from '../api/team-profile';

/**
 * Deactivate (asked first) or reactivate the employee, for who holds the `team` change right;
 * never oneself or the super user (the server refuses them as well).
 */
export function ActivationActions({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const notify = useNotify();
  const mayChange = canChange(session, 'team', useChangeRights());
  const activation = useActivation();
  const [asking, setAsking] = useState(false);
  if (!mayChange || account.id === session?.userId || (account.role !== 'ADMIN' && account.role !== 'OPERATOR')) return null;
  const name = `${account.firstName} ${account.lastName}`;
  const deactivated = account.status === 'DEACTIVATED';

  const setActive = (active: boolean) =>
    activation.mutate(
      { id: account.id, active },
      {
        onSuccess: () => notify({ severity: 'success', message: t(active ? 'team.activation.reactivated' : 'team.activation.deactivated', { name }) }),
        onError: (error) => notify({ severity: 'error', message: t('team.activation.failed', { reason: describeError(t, error) }) }),
        onSettled: () => setAsking(false),
      },
    );

  return (
    <div className="form-actions">
      {deactivated ? (
        <Button variant="secondary" onPress={() => setActive(true)} isDisabled={activation.isPending}>
          {t('team.activation.reactivate')}
        </Button>
      ) : (
        <Button variant="secondary" onPress={() => setAsking(true)}>
          {t('team.activation.deactivate')}
        </Button>
      )}
      <Dialog title={t('team.activation.deactivateNamed', { name })} isOpen={asking} onOpenChange={setAsking} role="alertdialog">
        <p>{t('team.activation.question')}</p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setAsking(false)}>
            {t('common.actions.cancel')}
          </Button>
          <Button onPress={() => setActive(false)} isDisabled={activation.isPending}>
            {t('team.activation.deactivate')}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
