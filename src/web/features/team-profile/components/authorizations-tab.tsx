import { useTranslation } from 'react-i18next';
import type { UserRightsMatrixView } from '../../../../domain/team/team.views';
import { FormError } from '../../../ui/form';
import { Link } from '../../../ui/link';
import { Spinner } from '../../../ui/spinner';
import { useUserRights } from '../api/team-profile';
import { RightsActions, UserRightsChecklists, useRightsEditor } from './rights-editor';

/** The Authorizations tab: the employee's row of the user-rights matrix, saved as the matrix on its version. */
export function AuthorizationsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const matrix = useUserRights();
  if (matrix.isPending) return <Spinner aria-label={t('team.rights.loading')} />;
  if (matrix.isError) return <FormError error={matrix.error} />;
  return <AuthorizationsForm userId={userId} matrix={matrix.data} />;
}

function AuthorizationsForm({ userId, matrix }: { userId: string; matrix: UserRightsMatrixView }) {
  const { t } = useTranslation();
  const editor = useRightsEditor(matrix);
  return (
    <div className="team-tab">
      <p>
        {t('team.rights.tabIntro')} <Link href="/team/user-rights">{t('team.rights.openMatrix')}</Link>
      </p>
      <UserRightsChecklists editor={editor} userId={userId} />
      <RightsActions editor={editor} label={t('team.rights.saveUser')} />
    </div>
  );
}
