import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../domain/identity/identity.views';
import { canChange } from '../../lib/access';
import { formatDate } from '../../lib/locale';
import { useAuth } from '../../lib/auth';
import { useChangeRights } from '../../lib/use-change-rights';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { useUsers } from './api/users';
import { CreateOperatorForm, InviteAdminForm } from './components/new-user-form';

export type TeamRole = 'ADMIN' | 'OPERATOR';

const screenOf: Record<TeamRole, 'administrationUser' | 'operationUser'> = { ADMIN: 'administrationUser', OPERATOR: 'operationUser' };

/**
 * The administration users (sign in by email, invited) or the operation users (sign in by
 * username) of the company, with the form that adds one.
 */
export function TeamUsersScreen({ role }: { role: TeamRole }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [adding, setAdding] = useState(false);
  const { session } = useAuth();
  // Operators and administration users without the team change right do not manage the team; the server refuses them as well.
  const mayAdd = canChange(session, 'team', useChangeRights());
  const users = useUsers({ page: paging.pageIndex + 1, limit: paging.pageSize, role, q: paging.globalFilter.trim() || undefined });

  const columns = useMemo<DataTableColumn<UserView>[]>(
    () => [
      { id: 'name', header: t('teamUsers.columns.name'), cell: (user) => `${user.firstName} ${user.lastName}`, isRowHeader: true },
      role === 'ADMIN'
        ? { id: 'email', header: t('teamUsers.columns.email'), cell: (user) => user.email ?? '–' }
        : { id: 'username', header: t('teamUsers.columns.username'), cell: (user) => user.username ?? '–' },
      { id: 'status', header: t('teamUsers.columns.status'), cell: (user) => t(`teamUsers.status.${user.status}`) },
      {
        id: 'createdAt',
        header: t('teamUsers.columns.createdAt'),
        cell: (user) => formatDate(user.createdAt, i18n.resolvedLanguage),
      },
    ],
    [t, i18n.resolvedLanguage, role],
  );
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
    </div>
  );
}
