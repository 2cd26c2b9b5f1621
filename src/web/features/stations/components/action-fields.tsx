import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import {
  afterCompletionActions,
  documentTypes,
  orderStatusTargets,
  stationLimits,
  type AfterCompletionAction,
} from '../../../../domain/stations/station.schema';
import { Button } from '../../../ui/button';
import { Select, SelectItem } from '../../../ui/select';
import { useUsersToNotify } from '../api/users-to-notify';
import { emptyAction, type ActionRow } from '../station-form-state';

export interface ActionFieldsProps {
  actions: ActionRow[];
  onChange: (actions: ActionRow[]) => void;
  /** The problem of a field path (`actions.0.element`), shown on its field. */
  problem: (path: string) => ErrorDetail | undefined;
}

const isAction = (value: unknown): value is AfterCompletionAction => afterCompletionActions.includes(value as AfterCompletionAction);

/** The elements an action can take, with their texts: document types, order statuses or users. */
function useElementChoices(withUsers: boolean): Record<AfterCompletionAction, { id: string; label: string }[]> {
  const { t } = useTranslation();
  const users = useUsersToNotify(withUsers);
  return {
    'generate-document': documentTypes.map((id) => ({ id, label: t(`stations.documentTypes.${id}`) })),
    'set-order-status': orderStatusTargets.map((id) => ({ id, label: t(`stations.orderStatuses.${id}`) })),
    'notify-user': (users.data ?? []).map((user) => ({ id: user.id, label: `${user.firstName} ${user.lastName}` })),
  };
}

/** Actions run after an order is completed at the station: an action and its element, both required. */
export function ActionFields({ actions, onChange, problem }: ActionFieldsProps) {
  const { t } = useTranslation();
  const choices = useElementChoices(actions.some((row) => row.action === 'notify-user'));
  const update = (index: number, change: Partial<ActionRow>) => {
    onChange(actions.map((row, at) => (at === index ? { ...row, ...change } : row)));
  };

  return (
    <fieldset className="plain-group station-form-group">
      <legend>{t('stations.form.actions')}</legend>
      <p className="station-form-hint">{t('stations.form.actionsHint')}</p>
      {actions.length === 0 ? <p className="station-form-none">{t('stations.form.noActions')}</p> : null}
      {actions.map((row, index) => {
        const elements = row.action ? choices[row.action] : [];
        // A saved element that is no longer offered (a removed user) still shows what it is.
        const shown = row.element && !elements.some((choice) => choice.id === row.element) ? [...elements, { id: row.element, label: row.element }] : elements;
        return (
          <div key={row.key} className="station-form-row" role="group" aria-label={t('stations.form.actionN', { n: index + 1 })}>
            <Select
              name={`actions.${index}.action`}
              errorDetail={problem(`actions.${index}.action`)}
              label={t('stations.fields.action')}
              placeholder={t('stations.form.choose')}
              value={row.action || null}
              onChange={(action) => update(index, { action: isAction(action) ? action : '', element: '' })}
              items={afterCompletionActions.map((id) => ({ id }))}
              isRequired
            >
              {(item) => <SelectItem id={item.id}>{t(`stations.actions.${item.id}`)}</SelectItem>}
            </Select>
            <Select
              name={`actions.${index}.element`}
              errorDetail={problem(`actions.${index}.element`)}
              label={t('stations.fields.element')}
              placeholder={t('stations.form.choose')}
              value={row.element || null}
              onChange={(element) => update(index, { element: typeof element === 'string' ? element : '' })}
              items={shown}
              isDisabled={!row.action}
              isRequired
            >
              {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
            </Select>
            <Button
              variant="quiet"
              className="station-form-remove"
              aria-label={t('stations.form.removeActionN', { n: index + 1 })}
              onPress={() => onChange(actions.filter((_, at) => at !== index))}
            >
              {t('stations.form.remove')}
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" isDisabled={actions.length >= stationLimits.actions} onPress={() => onChange([...actions, emptyAction()])}>
          {t('stations.form.addAction')}
        </Button>
      </div>
    </fieldset>
  );
}
