import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../domain/shared/roles';
import { changeRights, effectiveChangeRights, type ChangeRight } from '../../../../domain/team/rights';
import type { UserRightsMatrixView } from '../../../../domain/team/team.views';
import { describeError } from '../../../lib/error-messages';
import { useUnsavedChangesGuard } from '../../../lib/navigation-guard';
import { EditConflict } from '../../../lib/edit-conflict';
import { useVersionedEdit } from '../../../lib/use-versioned-edit';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { userRightsQueryOptions, useSaveUserRights } from '../api/team-profile';

type MatrixUser = UserRightsMatrixView['users'][number];
export interface RightsRow {
  stationIds: string[];
  changeRights: ChangeRight[];
}
type Rows = Record<string, RightsRow>;

const rowsOf = (matrix: UserRightsMatrixView): Rows =>
  Object.fromEntries(matrix.users.map((user) => [user.userId, { stationIds: user.stationIds, changeRights: user.changeRights }]));

/** Station rights are for operators, change rights for administration users (the super user holds every one). */
export const holdsStations = (role: Role) => role === 'OPERATOR';
export const holdsGrantedChangeRights = (role: Role) => role === 'ADMIN';

const toggled = <T extends string>(values: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...values, value])] : values.filter((candidate) => candidate !== value);

/**
 * The draft of the user-rights matrix: edits to any row are saved as one command on the version
 * the matrix was read with; a stale save shows the shared conflict flow (reload keeping the
 * entries, or taking the saved matrix).
 */
export function useRightsEditor(matrix: UserRightsMatrixView) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [base, setBase] = useState(matrix);
  const [rows, setRows] = useState<Rows>(() => rowsOf(matrix));
  const [dirty, setDirty] = useState(false);
  const save = useSaveUserRights();
  const { release } = useUnsavedChangesGuard(dirty);
  const versioned = useVersionedEdit({
    version: matrix.version,
    latest: userRightsQueryOptions(),
    texts: 'team.rights.conflict',
    onLatest: (latest, keepEntries) => {
      setBase(latest);
      if (!keepEntries) {
        setRows(rowsOf(latest));
        setDirty(false);
      }
    },
  });

  const setStation = (userId: string, stationId: string, on: boolean) => {
    setRows((current) => ({ ...current, [userId]: { ...current[userId], stationIds: toggled(current[userId]?.stationIds ?? [], stationId, on) } }));
    setDirty(true);
  };
  const setChangeRight = (userId: string, right: ChangeRight, on: boolean) => {
    setRows((current) => ({ ...current, [userId]: { ...current[userId], changeRights: toggled(current[userId]?.changeRights ?? [], right, on) } }));
    setDirty(true);
  };

  const submit = () => {
    const users = base.users.map((user) => {
      const row = rows[user.userId] ?? { stationIds: user.stationIds, changeRights: user.changeRights };
      return {
        userId: user.userId,
        stationIds: holdsStations(user.role) ? row.stationIds : [],
        changeRights: holdsGrantedChangeRights(user.role) ? row.changeRights : [],
      };
    });
    save.mutate(
      { version: versioned.version, users },
      {
        onSuccess: (saved) => {
          versioned.setVersion(saved.version);
          setBase(saved);
          setRows(rowsOf(saved));
          setDirty(false);
          release();
          notify({ severity: 'success', message: t('team.rights.saved') });
        },
        onError: (error) => {
          if (versioned.isConflict(error)) return;
          notify({ severity: 'error', message: t('team.rights.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  return { base, rows, dirty, save, versioned, setStation, setChangeRight, submit };
}
export type RightsEditor = ReturnType<typeof useRightsEditor>;

/** What a user's change-right boxes show: the granted ones for an admin, all for the super user. */
export const shownChangeRights = (user: Pick<MatrixUser, 'role'>, row: RightsRow | undefined): ChangeRight[] =>
  holdsGrantedChangeRights(user.role) ? (row?.changeRights ?? []) : effectiveChangeRights(user.role, []);

/** The conflict notice, the save failure and the save button under a rights editor. */
export function RightsActions({ editor, label }: { editor: RightsEditor; label: string }) {
  return (
    <>
      {editor.versioned.conflict ? (
        <EditConflict edit={editor.versioned} />
      ) : (
        <FormError error={editor.save.error && !editor.versioned.conflict ? editor.save.error : undefined} />
      )}
      <div className="form-actions">
        <Button onPress={editor.submit} isDisabled={editor.save.isPending || !editor.dirty}>
          {label}
        </Button>
      </div>
    </>
  );
}

/** One user's rights as check lists: the company's stations (operators) and the change rights (administration users). */
export function UserRightsChecklists({ editor, userId }: { editor: RightsEditor; userId: string }) {
  const { t } = useTranslation();
  const user = editor.base.users.find((candidate) => candidate.userId === userId);
  if (!user) return <p>{t('team.rights.notInMatrix')}</p>;
  const row = editor.rows[userId];
  return (
    <div className="team-rights-lists">
      <fieldset className="team-checklist">
        <legend>{t('team.rights.stations')}</legend>
        {!holdsStations(user.role) ? <p className="field-description">{t('team.rights.stationsForOperators')}</p> : null}
        {editor.base.stations.length === 0 ? <p>{t('team.rights.noStations')}</p> : null}
        {editor.base.stations.map((station) => (
          <Checkbox
            key={station.id}
            isSelected={row?.stationIds.includes(station.id) ?? false}
            isDisabled={!holdsStations(user.role)}
            onChange={(on) => editor.setStation(userId, station.id, on)}
          >
            {station.name}
          </Checkbox>
        ))}
      </fieldset>
      <fieldset className="team-checklist">
        <legend>{t('team.rights.changeRights')}</legend>
        {user.role === 'SUPER_USER' ? <p className="field-description">{t('team.rights.superUserHoldsAll')}</p> : null}
        {user.role === 'OPERATOR' ? <p className="field-description">{t('team.rights.changeRightsForAdmins')}</p> : null}
        {changeRights.map((right) => (
          <Checkbox
            key={right}
            isSelected={shownChangeRights(user, row).includes(right)}
            isDisabled={!holdsGrantedChangeRights(user.role)}
            onChange={(on) => editor.setChangeRight(userId, right, on)}
          >
            {t(`team.rights.areas.${right}`)}
          </Checkbox>
        ))}
      </fieldset>
    </div>
  );
}
