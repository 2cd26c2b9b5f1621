import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRightsMatrixView } from '../../../domain/team/team.views';
import { changeRights } from '../../../domain/team/rights';
import { useAuth } from '../../lib/auth';
import { can } from '../../lib/access';
import { Checkbox } from '../../ui/checkbox';
import { EmptyState } from '../../ui/empty-state';
import { FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { PageSpinner } from '../../ui/spinner';
import { useUserRights } from './api/team-profile';
import { holdsGrantedChangeRights, holdsStations, RightsActions, shownChangeRights, useRightsEditor, type RightsEditor } from './components/rights-editor';
import './team-profile.css';

/** team/user-rights: the matrix of users by stations and by change rights, saved as one command. */
export function UserRightsScreen() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const mayWrite = can(session, 'write');
  const matrix = useUserRights(mayWrite);

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.userRights.title')}</h1>
        <Link href="/team">{t('team.rights.backToTeam')}</Link>
      </div>
      <p>{t('team.rights.intro')}</p>
      {!mayWrite ? (
        <EmptyState title={t('team.rights.notAllowed')} />
      ) : matrix.isPending ? (
        <PageSpinner aria-label={t('team.rights.loading')} />
      ) : matrix.isError ? (
        <FormError error={matrix.error} />
      ) : (
        <RightsMatrix matrix={matrix.data} />
      )}
    </div>
  );
}

type MatrixUser = UserRightsMatrixView['users'][number];

const fullName = (user: MatrixUser) => `${user.firstName} ${user.lastName}`.trim();

function RightsMatrix({ matrix }: { matrix: UserRightsMatrixView }) {
  const { t } = useTranslation();
  const editor = useRightsEditor(matrix);
  return (
    <div className="panel team-matrix">
      <StationMatrix editor={editor} />
      <ChangeRightMatrix editor={editor} />
      <RightsActions editor={editor} label={t('team.rights.saveMatrix')} />
    </div>
  );
}

/** A table of users (rows) by columns, a checkbox in each cell. */
function CheckboxMatrix<Column>({
  caption,
  columns,
  columnKey,
  columnName,
  users,
  cell,
}: {
  caption: string;
  columns: readonly Column[];
  columnKey: (column: Column) => string;
  columnName: (column: Column) => string;
  users: readonly MatrixUser[];
  cell: (user: MatrixUser, column: Column) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // A matrix wider than the screen scrolls: its region takes the keyboard's focus so arrows scroll it, also
    // when every checkbox is disabled (axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
    <div className="team-matrix-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="team-matrix-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('team.rights.user')}</th>
            {columns.map((column) => (
              <th scope="col" key={columnKey(column)}>
                {columnName(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.userId}>
              <th scope="row">
                {fullName(user)}
                {user.deactivated ? <span className="team-matrix-deactivated"> ({t('team.profile.statuses.DEACTIVATED')})</span> : null}
              </th>
              {columns.map((column) => (
                <td key={columnKey(column)}>{cell(user, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StationMatrix({ editor }: { editor: RightsEditor }) {
  const { t } = useTranslation();
  const operators = editor.base.users.filter((user) => holdsStations(user.role));
  const { stations } = editor.base;
  return (
    <section aria-labelledby="team-station-matrix">
      <h2 id="team-station-matrix">{t('team.rights.stationMatrix')}</h2>
      {operators.length === 0 || stations.length === 0 ? (
        <p>{operators.length === 0 ? t('team.rights.noOperators') : t('team.rights.noStations')}</p>
      ) : (
        <CheckboxMatrix
          caption={t('team.rights.stationMatrix')}
          columns={stations}
          columnKey={(station) => station.id}
          columnName={(station) => station.name}
          users={operators}
          cell={(user, station) => (
            <Checkbox
              aria-label={t('team.rights.stationCell', { user: fullName(user), station: station.name })}
              isSelected={editor.rows[user.userId]?.stationIds.includes(station.id) ?? false}
              onChange={(on) => editor.setStation(user.userId, station.id, on)}
            />
          )}
        />
      )}
    </section>
  );
}

function ChangeRightMatrix({ editor }: { editor: RightsEditor }) {
  const { t } = useTranslation();
  const admins = editor.base.users.filter((user) => user.role === 'ADMIN' || user.role === 'SUPER_USER');
  return (
    <section aria-labelledby="team-change-matrix">
      <h2 id="team-change-matrix">{t('team.rights.changeMatrix')}</h2>
      <CheckboxMatrix
        caption={t('team.rights.changeMatrix')}
        columns={changeRights}
        columnKey={(right) => right}
        columnName={(right) => t(`team.rights.areas.${right}`)}
        users={admins}
        cell={(user, right) => (
          <Checkbox
            aria-label={t('team.rights.changeCell', { user: fullName(user), area: t(`team.rights.areas.${right}`) })}
            isSelected={shownChangeRights(user, editor.rows[user.userId]).includes(right)}
            isDisabled={!holdsGrantedChangeRights(user.role)}
            onChange={(on) => editor.setChangeRight(user.userId, right, on)}
          />
        )}
      />
    </section>
  );
}
