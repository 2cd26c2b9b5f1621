import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STREAM_TYPE } from '../../../domain/identity/identity.events';
import type { UserView } from '../../../domain/identity/identity.views';
import { canChange } from '../../lib/access';
import { formatDate } from '../../lib/locale';
import { useAuth } from '../../lib/auth';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { describeError } from '../../lib/error-messages';
import { useNotify } from '../../ui/notification-bar';
import { DialogActions } from '../../ui/dialog';
import { Link } from '../../ui/link';
import { Select, SelectItem } from '../../ui/select';
import { locales } from '../../../domain/shared/locales';
import { getUsersQueryOptions, useDeactivation, useRemoveUser, useResendInvitation, useSetUserLanguage, useUsers } from './api/users';
import { CreateOperatorForm, InviteAdminForm } from './components/new-user-form';
import { ResetPasswordForm } from './components/reset-password-form';
import './team-users.css';

export type TeamRole = 'ADMIN' | 'OPERATOR';

const liveTopics = [`type:${USER_STREAM_TYPE}`] as const;

const screenOf: Record<TeamRole, 'administrationUser' | 'operationUser'> = { ADMIN: 'administrationUser', OPERATOR: 'operationUser' };

/**
 * The administration users (sign in by email, invited) or the operation users (sign in by
 * username) of the company, with the form that adds one.
 */
export function TeamUsersScreen({ role }: { role: TeamRole }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<UserView | null>(null);
  const [removing, setRemoving] = useState<UserView | null>(null);
  const [deactivating, setDeactivating] = useState<UserView | null>(null);
  const activation = useDeactivation();
  const notify = useNotify();
  const resend = useResendInvitation();
  const remove = useRemoveUser();
  const { session } = useAuth();
  // Operators and administration users without the team change right do not manage the team; the server refuses them as well.
  const mayAdd = canChange(session, 'team', useChangeRights());
  const nameOf = (user: UserView) => `${user.firstName} ${user.lastName}`;
  const resendTo = (user: UserView) =>
    resend.mutate(user.id, {
      onSuccess: () => notify({ severity: 'success', message: t('teamUsers.actions.invitationResent', { email: user.email ?? '' }) }),
      onError: (error) => notify({ severity: 'error', message: t('teamUsers.actions.failed', { reason: describeError(t, error) }) }),
    });
  const confirmRemove = (user: UserView) =>
    remove.mutate(user.id, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('teamUsers.actions.removed', { name: nameOf(user) }) });
        setRemoving(null);
      },
      onError: (error) => {
        notify({ severity: 'error', message: t('teamUsers.actions.failed', { reason: describeError(t, error) }) });
        setRemoving(null);
      },
    });
  const setActive = (user: UserView, active: boolean) =>
    activation.mutate(
      { id: user.id, active },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t(active ? 'teamUsers.actions.reactivated' : 'teamUsers.actions.deactivated', { name: nameOf(user) }) });
          setDeactivating(null);
        },
        onError: (error) => {
          notify({ severity: 'error', message: t('teamUsers.actions.failed', { reason: describeError(t, error) }) });
          setDeactivating(null);
        },
      },
    );
  const language = useSetUserLanguage();
  const setLanguage = (user: UserView, locale: string) => {
    const chosen = locales.find((candidate) => candidate === locale);
    if (!chosen || chosen === user.locale) return;
    language.mutate(
      { id: user.id, locale: chosen },
      {
        onSuccess: () =>
          notify({ severity: 'success', message: t('teamUsers.actions.languageSet', { name: nameOf(user), language: t(`common.language.${chosen}`) }) }),
        onError: (error) => notify({ severity: 'error', message: t('teamUsers.actions.failed', { reason: describeError(t, error) }) }),
      },
    );
  };
  const query = { page: paging.pageIndex + 1, limit: paging.pageSize, role, q: paging.globalFilter.trim() || undefined };
  const users = useUsers(query);
  // Another admin adding, deactivating or removing someone: the list follows without a reload.
  useLiveQuery(liveTopics, getUsersQueryOptions(query).queryKey, users);

  // Built each render: the row actions read the current session, rights and mutations.
  const columns: DataTableColumn<UserView>[] = [
    { id: 'name', header: t('teamUsers.columns.name'), cell: (user) => `${user.firstName} ${user.lastName}`, isRowHeader: true },
    role === 'ADMIN'
      ? { id: 'email', header: t('teamUsers.columns.email'), cell: (user) => user.email ?? '–' }
      : { id: 'username', header: t('teamUsers.columns.username'), cell: (user) => user.username ?? '–' },
    {
      id: 'status',
      header: t('teamUsers.columns.status'),
      // An invitation that could not be sent says so, with the resend next to it (Actions).
      cell: (user) =>
        user.invitationNotSent && user.status === 'INVITED' ? (
          <strong className="team-user-not-sent">{t('teamUsers.status.INVITATION_NOT_SENT')}</strong>
        ) : (
          t(`teamUsers.status.${user.status}`)
        ),
    },
    {
      id: 'language',
      header: t('teamUsers.columns.language'),
      // Emails, the documents they ask for and their screens after sign-in are in it; the team's changers set it.
      cell: (user) =>
        mayAdd ? (
          <Select
            aria-label={t('teamUsers.actions.languageOf', { name: nameOf(user) })}
            value={user.locale}
            onChange={(key) => setLanguage(user, String(key))}
            isDisabled={language.isPending}
            items={locales.map((locale) => ({ id: locale }))}
          >
            {(item) => (
              <SelectItem id={item.id} textValue={t(`common.language.${item.id}`)}>
                {t(`common.language.${item.id}`)}
              </SelectItem>
            )}
          </Select>
        ) : (
          t(`common.language.${user.locale}`)
        ),
    },
    {
      id: 'createdAt',
      header: t('teamUsers.columns.createdAt'),
      cell: (user) => formatDate(user.createdAt, i18n.resolvedLanguage),
    },
    {
      id: 'actions',
      header: t('teamUsers.columns.actions'),
      cell: (user) => (
        <div className="team-user-actions">
          <Link href={`/team/employee-profile/${user.id}`} aria-label={t('teamUsers.actions.editNamed', { name: nameOf(user) })}>
            {t('teamUsers.actions.edit')}
          </Link>
          {mayAdd && user.role === 'ADMIN' && user.status === 'INVITED' ? (
            <Button variant="secondary" onPress={() => resendTo(user)} aria-label={t('teamUsers.actions.resendNamed', { name: nameOf(user) })}>
              {t('teamUsers.actions.resend')}
            </Button>
          ) : null}
          {mayAdd && user.role === 'OPERATOR' ? (
            <Button variant="secondary" onPress={() => setResetting(user)} aria-label={t('teamUsers.actions.resetPasswordOf', { name: nameOf(user) })}>
              {t('teamUsers.actions.resetPassword')}
            </Button>
          ) : null}
          {mayAdd && user.id !== session?.userId && user.status !== 'DEACTIVATED' ? (
            <Button variant="secondary" onPress={() => setDeactivating(user)} aria-label={t('teamUsers.actions.deactivateNamed', { name: nameOf(user) })}>
              {t('teamUsers.actions.deactivate')}
            </Button>
          ) : null}
          {mayAdd && user.status === 'DEACTIVATED' ? (
            <Button
              variant="secondary"
              onPress={() => setActive(user, true)}
              isDisabled={activation.isPending}
              aria-label={t('teamUsers.actions.reactivateNamed', { name: nameOf(user) })}
            >
              {t('teamUsers.actions.reactivate')}
            </Button>
          ) : null}
          {mayAdd && user.id !== session?.userId ? (
            <Button variant="secondary" onPress={() => setRemoving(user)} aria-label={t('teamUsers.actions.removeNamed', { name: nameOf(user) })}>
              {t('teamUsers.actions.remove')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const addLabel = role === 'ADMIN' ? t('teamUsers.invite.title') : t('teamUsers.operator.title');

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t(`screens.${screenOf[role]}.title`)}</h1>
        {mayAdd ? <Button onPress={() => setAdding(true)}>{addLabel}</Button> : null}
      </div>
      <DataTable
        label={t(`screens.${screenOf[role]}.title`)}
        columns={columns}
        rows={users.data?.data ?? []}
        rowId={(user) => user.id}
        total={users.data?.total ?? 0}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={users.isPending}
        error={users.error}
        withFilter
      />
      <Dialog title={addLabel} isOpen={adding} onOpenChange={setAdding} isDismissable={false}>
        {role === 'ADMIN' ? <InviteAdminForm onDone={() => setAdding(false)} /> : <CreateOperatorForm onDone={() => setAdding(false)} />}
      </Dialog>
      <Dialog
        title={resetting ? t('teamUsers.actions.resetPasswordOf', { name: nameOf(resetting) }) : ''}
        isOpen={resetting !== null}
        onOpenChange={(open) => (open ? undefined : setResetting(null))}
        isDismissable={false}
      >
        {resetting ? <ResetPasswordForm user={resetting} onDone={() => setResetting(null)} /> : null}
      </Dialog>
      <Dialog
        title={deactivating ? t('teamUsers.actions.deactivateNamed', { name: nameOf(deactivating) }) : ''}
        isOpen={deactivating !== null}
        onOpenChange={(open) => (open ? undefined : setDeactivating(null))}
        role="alertdialog"
      >
        <p>{t('teamUsers.actions.deactivateQuestion')}</p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setDeactivating(null)}>
            {t('common.actions.cancel')}
          </Button>
          <Button onPress={() => deactivating && setActive(deactivating, false)} isDisabled={activation.isPending}>
            {t('teamUsers.actions.deactivate')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        title={removing ? t('teamUsers.actions.removeNamed', { name: nameOf(removing) }) : ''}
        isOpen={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        role="alertdialog"
      >
        <p>{t('teamUsers.actions.removeQuestion')}</p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setRemoving(null)}>
            {t('common.actions.cancel')}
          </Button>
          <Button onPress={() => removing && confirmRemove(removing)} isDisabled={remove.isPending}>
            {t('teamUsers.actions.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
