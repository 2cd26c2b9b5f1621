import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  basicSettingsSchema,
  dateFormats,
  type BasicSettings,
  type CompanyFunctions,
  type Favourites,
  type WorkingTimeSettings,
} from '../../../domain/company/company.schema';
import type { CompanySettingsView } from '../../../domain/company/company.views';
import { locales } from '../../../domain/shared/locales';
import { formatOrderNumber } from '../../../domain/company/company.numbering';
import { useAuth } from '../../lib/auth';
import { describeError, fieldErrorsFromApiError, formWideError, validateInput } from '../../lib/error-messages';
import { writeDate } from '../../lib/locale';
import { useUnsavedChangesGuard } from '../../lib/navigation-guard';
import { useSchemaForm } from '../../lib/use-schema-form';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { FilePicker } from '../../ui/file-picker';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { RecordLoader } from '../../ui/record-loader';
import { Select, SelectItem } from '../../ui/select';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { SuggestionRecipientField } from './suggestion-recipient-field';
import { FavouritesFields, FunctionsFields } from './app-settings-tabs';
import { WorkingTimeFields } from './working-time-fields';
import { getBasicSettingsQueryOptions, useBasicSettings, useCompanyLogoUrl, useUpdateBasicSettings, useUploadLogo } from './api/get-basic-settings';

type Draft = Omit<BasicSettings, 'suggestionRecipientId' | 'favourites' | 'functions' | 'workingTime'> & {
  suggestionRecipientId: string | null;
  favourites: Favourites;
  functions: CompanyFunctions;
  workingTime: WorkingTimeSettings;
};

const draftOf = (view: CompanySettingsView): Draft => ({
  companyName: view.companyName,
  firstName: view.firstName,
  lastName: view.lastName,
  email: view.email,
  phone: view.phone,
  deliveryAddress: view.deliveryAddress,
  billingAddress: view.billingAddress,
  bankDetails: view.bankDetails,
  tradeRegister: view.tradeRegister,
  localCourt: view.localCourt,
  vat: view.vat,
  vatNumber: view.vatNumber,
  taxNumber: view.taxNumber,
  numbering: view.numbering,
  dateFormat: view.dateFormat,
  halfVacationDays: view.halfVacationDays,
  mediaOnNewRecord: view.mediaOnNewRecord,
  suggestionRecipientId: view.suggestionRecipientId,
  documentLanguage: view.documentLanguage,
  favourites: view.favourites,
  functions: view.functions,
  workingTime: view.workingTime,
});

/** The tab that shows a field of the settings (by its path). */
function tabOfField(path: string): string {
  if (path.startsWith('favourites.')) return 'appSettings';
  if (path.startsWith('functions.')) return 'appFunctions';
  if (/^(numbering\.|dateFormat|halfVacationDays|mediaOnNewRecord|suggestionRecipientId|documentLanguage|workingTime\.)/.test(path)) return 'advanced';
  return 'basic';
}

const addressFields = ['company', 'addressSuffix', 'street', 'houseNumber', 'zip', 'place', 'country'] as const;
const contactFields = ['companyName', 'firstName', 'lastName', 'email', 'phone'] as const;
const registerFields = ['tradeRegister', 'localCourt', 'vat', 'vatNumber', 'taxNumber'] as const;
const bankFields = ['accountHolder', 'bank', 'iban', 'bic'] as const;
// Invoice and cost numbers are stored but nothing issues them yet: offered once invoicing exists (docs/decisions.md).
const numberFields = ['orderNumber'] as const;

/** A tab another feature adds to the company screen (composed in app/pages): a panel outside the settings form that saves on its own. */
export interface CompanyTab {
  id: string;
  title: string;
  panel: ReactNode;
}

/** The company screen (hidden for admins): basic data, advanced settings, app settings and app functions, one versioned form; then `extraTabs`. */
export function CompanyScreen({ extraTabs = [] }: { extraTabs?: readonly CompanyTab[] }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const companyId = session?.company ?? null;
  const settings = useBasicSettings(companyId);

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.company.title')}</h1>
      </div>
      <div className="panel">
        <RecordLoader
          id={companyId ?? ''}
          query={settings}
          failedTitle={t('company.loadFailed')}
          noneChosen={{ title: t('company.noCompany'), text: t('company.noCompany') }}
          back={{ href: '/', label: t('company.back') }}
        >
          {(loaded) => <SettingsForm key={loaded.id} settings={loaded} extraTabs={extraTabs} />}
        </RecordLoader>
      </div>
    </div>
  );
}

/** The logo and its upload; `onUploaded` gets the settings as the upload left them (their new version). */
function LogoPicker({ companyId, onUploaded }: { companyId: string; onUploaded: (saved: CompanySettingsView) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const logoUrl = useCompanyLogoUrl(companyId);
  const upload = useUploadLogo();
  return (
    <div className="company-logo-picker">
      {logoUrl ? <img src={logoUrl} alt={t('company.logo.preview')} width={154} height={52} /> : <p>{t('company.logo.none')}</p>}
      <FilePicker
        acceptedFileTypes={['image/png', 'image/jpeg']}
        isDisabled={upload.isPending}
        onSelect={(file) => {
          upload.mutate(file, {
            onSuccess: (saved) => {
              onUploaded(saved);
              notify({ severity: 'success', message: t('company.logo.saved') });
            },
            onError: (error) => notify({ severity: 'error', message: t('company.logo.failed', { reason: describeError(t, error) }) }),
          });
        }}
      >
        {t('company.logo.upload')}
      </FilePicker>
    </div>
  );
}

/**
 * One form over the settings' four tabs: a save sends the whole settings document at one version, and what was
 * typed on one tab survives a visit to the other (the unsaved-changes guard covers them all). The other features'
 * tabs are panels beside the form, never inside it: their own forms and Enter keys stay theirs.
 */
function SettingsForm({ settings, extraTabs }: { settings: CompanySettingsView; extraTabs: readonly CompanyTab[] }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Key>('basic');
  const notify = useNotify();
  const check = useCallback((draft: Draft) => validateInput(basicSettingsSchema, draft), []);
  const form = useSchemaForm({ initial: () => draftOf(settings), check });
  const { draft, change } = form;
  const update = useUpdateBasicSettings();
  const { release } = useUnsavedChangesGuard(form.isDirty);
  const edit = useVersionedEdit({
    version: settings.version,
    latest: getBasicSettingsQueryOptions(settings.id),
    texts: 'company.conflict',
    onLatest: (latest, keepEntries) => {
      if (!keepEntries) form.reset(draftOf(latest));
    },
  });

  // A refused save opens the tab of the first problem, unless the open tab has one itself.
  const showTabOfProblems = (paths: string[]) => {
    const tabs = paths.map(tabOfField);
    if (tabs.length > 0 && !tabs.includes(String(tab))) setTab(tabs[0]);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) {
      const result = check(draft);
      if (!result.ok) showTabOfProblems(Object.keys(result.errors));
      return;
    }
    update.mutate(
      { ...checked, version: edit.version },
      {
        onSuccess: (saved) => {
          edit.setVersion(saved.version);
          form.reset(draftOf(saved));
          release();
          notify({ severity: 'success', message: t('company.saved') });
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          form.showServerProblems(error);
          showTabOfProblems(Object.keys(fieldErrorsFromApiError(error)));
          notify({ severity: 'error', message: t('company.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  const text = (path: string, label: string, value: string, set: (value: string) => void, required = false) => (
    <TextField key={path} name={path} label={label} value={value} onChange={set} errorDetail={form.problem(path)} isRequired={required} />
  );
  const address = (kind: 'deliveryAddress' | 'billingAddress') => (
    <fieldset>
      <legend>{t(`company.${kind}`)}</legend>
      {addressFields.map((name) =>
        text(`${kind}.${name}`, t(`company.fields.${name}`), draft[kind][name], (value) =>
          change((current) => ({ ...current, [kind]: { ...current[kind], [name]: value } })),
        ),
      )}
    </fieldset>
  );

  const nextOrder = Number(draft.numbering.orderNumber || '1');
  const today = new Date();

  return (
    <div className="form form-panel">
      <FormError error={formWideError(update.error)} />
      {form.hasProblems && <p role="alert">{t('company.fixProblems')}</p>}
      <EditConflict edit={edit} />
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label={t('screens.company.title')}>
          <Tab id="basic">{t('company.tabs.basic')}</Tab>
          <Tab id="advanced">{t('company.tabs.advanced')}</Tab>
          <Tab id="appSettings">{t('company.tabs.appSettings')}</Tab>
          <Tab id="appFunctions">{t('company.tabs.appFunctions')}</Tab>
          {extraTabs.map((extra) => (
            <Tab key={extra.id} id={extra.id}>
              {extra.title}
            </Tab>
          ))}
        </TabList>
        {extraTabs.some((extra) => extra.id === tab) ? null : (
          <Form id={form.scopeId} onSubmit={submit} aria-label={t('screens.company.title')}>
            <TabPanel id="basic">
              <LogoPicker companyId={settings.id} onUploaded={edit.takeOwnChange} />
              <fieldset>
                <legend>{t('company.contact')}</legend>
                {contactFields.map((name) =>
                  text(name, t(`company.fields.${name}`), draft[name], (value) => form.patch({ [name]: value }), name === 'companyName'),
                )}
              </fieldset>
              {address('deliveryAddress')}
              <Button variant="secondary" onPress={() => change((current) => ({ ...current, billingAddress: { ...current.deliveryAddress } }))}>
                {t('company.sameAsDelivery')}
              </Button>
              {address('billingAddress')}
              <fieldset>
                <legend>{t('company.bankDetails')}</legend>
                {bankFields.map((name) =>
                  text(`bankDetails.${name}`, t(`company.fields.${name}`), draft.bankDetails[name], (value) =>
                    change((current) => ({ ...current, bankDetails: { ...current.bankDetails, [name]: value } })),
                  ),
                )}
              </fieldset>
              <fieldset>
                <legend>{t('company.register')}</legend>
                {registerFields.map((name) => text(name, t(`company.fields.${name}`), draft[name], (value) => form.patch({ [name]: value })))}
              </fieldset>
            </TabPanel>
            <TabPanel id="advanced">
              <fieldset>
                <legend>{t('company.numbering')}</legend>
                {text('numbering.orderNumberLetters', t('company.fields.orderNumberLetters'), draft.numbering.orderNumberLetters, (value) =>
                  change((current) => ({ ...current, numbering: { ...current.numbering, orderNumberLetters: value } })),
                )}
                {numberFields.map((name) =>
                  text(`numbering.${name}`, t(`company.fields.${name}`), draft.numbering[name], (value) =>
                    change((current) => ({ ...current, numbering: { ...current.numbering, [name]: value } })),
                  ),
                )}
                <p aria-live="polite">
                  {t('company.nextOrder', {
                    number: Number.isInteger(nextOrder) && nextOrder > 0 ? formatOrderNumber(nextOrder, draft.numbering.orderNumberLetters) : '–',
                  })}
                </p>
              </fieldset>
              <fieldset>
                <legend>{t('company.dates')}</legend>
                <Select
                  name="dateFormat"
                  label={t('company.fields.dateFormat')}
                  value={draft.dateFormat}
                  onChange={(key) => form.patch({ dateFormat: dateFormats.find((format) => format === key) ?? draft.dateFormat })}
                  errorDetail={form.problem('dateFormat')}
                  items={dateFormats.map((format) => ({ id: format }))}
                >
                  {(item) => (
                    <SelectItem id={item.id} textValue={item.id}>
                      {`${item.id} (${writeDate(item.id, today.getFullYear(), today.getMonth() + 1, today.getDate())})`}
                    </SelectItem>
                  )}
                </Select>
                <Checkbox isSelected={draft.halfVacationDays} onChange={(value) => form.patch({ halfVacationDays: value })}>
                  {t('company.fields.halfVacationDays')}
                </Checkbox>
                <Checkbox isSelected={draft.mediaOnNewRecord} onChange={(value) => form.patch({ mediaOnNewRecord: value })}>
                  {t('company.fields.mediaOnNewRecord')}
                </Checkbox>
                <Select
                  name="documentLanguage"
                  label={t('company.fields.documentLanguage')}
                  description={t('company.documentLanguageHint')}
                  value={draft.documentLanguage}
                  onChange={(key) => form.patch({ documentLanguage: locales.find((language) => language === key) ?? draft.documentLanguage })}
                  errorDetail={form.problem('documentLanguage')}
                  items={locales.map((language) => ({ id: language }))}
                >
                  {(item) => (
                    <SelectItem id={item.id} textValue={t(`common.language.${item.id}`)}>
                      {t(`common.language.${item.id}`)}
                    </SelectItem>
                  )}
                </Select>
                <SuggestionRecipientField
                  value={draft.suggestionRecipientId}
                  onChange={(suggestionRecipientId) => form.patch({ suggestionRecipientId })}
                  errorDetail={form.problem('suggestionRecipientId')}
                />
              </fieldset>
              <WorkingTimeFields workingTime={draft.workingTime} onChange={(workingTime) => form.patch({ workingTime })} problem={form.problem} />
            </TabPanel>
            <TabPanel id="appSettings">
              <FavouritesFields
                companyId={settings.id}
                favourites={draft.favourites}
                onChange={(favourites) => form.patch({ favourites })}
                problem={form.problem}
              />
            </TabPanel>
            <TabPanel id="appFunctions">
              <FunctionsFields functions={draft.functions} onChange={(functions) => form.patch({ functions })} />
            </TabPanel>
            <div className="form-actions">
              <Button type="submit" isDisabled={update.isPending}>
                {t('common.actions.save')}
              </Button>
            </div>
          </Form>
        )}
        {extraTabs.map((extra) => (
          <TabPanel key={extra.id} id={extra.id}>
            {extra.panel}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
