import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { keyFigureIds, keyFigureSettingsInputSchema, maxHomeFigures, type KeyFigureId } from '../../../domain/key-figures/key-figures.schema';
import type { KeyFigureSettingsView } from '../../../domain/key-figures/key-figures.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError, formWideError, validateInput } from '../../lib/error-messages';
import { useUnsavedChangesGuard } from '../../lib/navigation-guard';
import { useChangeRights } from '../../lib/use-change-rights';
import { useSchemaForm } from '../../lib/use-schema-form';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { getKeyFigureSettingsQueryOptions, useKeyFigureSettings, useSaveKeyFigureSettings } from './api/key-figures';
import './key-figures.css';

/** Targets as typed: '' is none. */
interface Draft {
  targets: Record<KeyFigureId, string>;
  homeFigures: KeyFigureId[];
}

const draftOf = (view: KeyFigureSettingsView): Draft => ({
  targets: Object.fromEntries(keyFigureIds.map((id) => [id, view.targets[id] === null ? '' : String(view.targets[id])])) as Draft['targets'],
  homeFigures: [...view.homeFigures],
});

/** What the schema checks: a number where one was typed (a decimal comma too), '' as none, anything else as typed (refused). */
const targetOf = (typed: string): unknown => {
  const text = typed.trim();
  if (text === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : text;
};
const inputOf = (draft: Draft) => ({
  targets: Object.fromEntries(keyFigureIds.map((id) => [id, targetOf(draft.targets[id])])),
  homeFigures: draft.homeFigures,
});

/**
 * The Key figures tab of the company screen: a target per figure and the figures the home board
 * shows, saved on their own version (a stale save says so and offers the latest).
 */
export function KeyFiguresTab() {
  const { t } = useTranslation();
  const settings = useKeyFigureSettings();
  if (settings.isPending) return <Spinner aria-label={t('keyFigures.page.loading')} />;
  if (settings.isError) return <FormError error={settings.error}>{t('keyFigures.tab.loadFailed')}</FormError>;
  return <KeyFigureSettingsEditor settings={settings.data} />;
}

function KeyFigureSettingsEditor({ settings }: { settings: KeyFigureSettingsView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { session } = useAuth();
  const mayChange = canChange(session, 'companySettings', useChangeRights());
  const check = useCallback((draft: Draft) => validateInput(keyFigureSettingsInputSchema, inputOf(draft)), []);
  const form = useSchemaForm({ initial: () => draftOf(settings), check });
  const { draft, change } = form;
  const save = useSaveKeyFigureSettings();
  const { release } = useUnsavedChangesGuard(form.isDirty);
  const edit = useVersionedEdit({
    version: settings.version,
    latest: getKeyFigureSettingsQueryOptions(),
    texts: 'keyFigures.tab.conflict',
    onLatest: (latest, keepEntries) => {
      if (!keepEntries) form.reset(draftOf(latest));
    },
  });

  const submit = () => {
    const checked = form.submit();
    if (!checked) return;
    save.mutate(
      { ...checked, version: edit.version },
      {
        onSuccess: (saved) => {
          edit.setVersion(saved.version);
          form.reset(draftOf(saved));
          release();
          notify({ severity: 'success', message: t('keyFigures.tab.saved') });
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          form.showServerProblems(error);
          notify({ severity: 'error', message: t('keyFigures.tab.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  // The tab may sit inside another screen's form: Enter in a target saves these settings, not that form.
  const onKeyDown = (event: { key: string; preventDefault(): void }) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (mayChange) submit();
  };

  const setHome = (figure: KeyFigureId, shown: boolean) =>
    change((current) => ({
      ...current,
      homeFigures: shown ? [...current.homeFigures.filter((one) => one !== figure), figure] : current.homeFigures.filter((one) => one !== figure),
    }));

  return (
    <div id={form.scopeId} className="key-figures-settings" role="group" aria-labelledby="key-figures-settings-heading">
      <h2 id="key-figures-settings-heading">{t('keyFigures.tab.title')}</h2>
      <p>{t('keyFigures.tab.intro')}</p>
      <p>
        <Link href="/key-figures">{t('keyFigures.tab.openPage')}</Link>
      </p>
      {mayChange ? null : <p className="key-figures-muted">{t('keyFigures.tab.readOnly')}</p>}
      <FormError error={formWideError(save.error)} />
      {form.hasProblems && <p role="alert">{t('keyFigures.tab.fixProblems')}</p>}
      <EditConflict edit={edit} />
      <table className="key-figures-table key-figures-settings-table">
        <thead>
          <tr>
            <th scope="col">{t('keyFigures.tab.targetsHeading')}</th>
            <th scope="col">{t('keyFigures.tab.homeHeading')}</th>
          </tr>
        </thead>
        <tbody>
          {keyFigureIds.map((figure) => {
            return (
              <tr key={figure}>
                <td>
                  <TextField
                    name={`targets.${figure}`}
                    inputMode="numeric"
                    label={t('keyFigures.tab.targetLabel', { figure: t(`keyFigures.figures.${figure}`) })}
                    description={t(`keyFigures.descriptions.${figure}`)}
                    value={draft.targets[figure]}
                    onChange={(value) => change((current) => ({ ...current, targets: { ...current.targets, [figure]: value } }))}
                    errorDetail={form.problem(`targets.${figure}`)}
                    isReadOnly={!mayChange}
                    onKeyDown={onKeyDown}
                  />
                </td>
                <td>
                  <Checkbox
                    isSelected={draft.homeFigures.includes(figure)}
                    onChange={(shown) => setHome(figure, shown)}
                    isReadOnly={!mayChange}
                    aria-label={`${t('keyFigures.tab.onHome')}: ${t(`keyFigures.figures.${figure}`)}`}
                  >
                    {t('keyFigures.tab.onHome')}
                  </Checkbox>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={form.problem('homeFigures') ? 'field-error' : 'key-figures-muted'} role={form.problem('homeFigures') ? 'alert' : undefined}>
        {t('keyFigures.tab.homeLimit', { max: maxHomeFigures })}
      </p>
      {mayChange ? (
        <div className="form-actions">
          <Button onPress={submit} isDisabled={save.isPending}>
            {t('keyFigures.tab.save')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
