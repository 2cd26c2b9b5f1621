import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { companyFunctions, type CompanyFunctions, type Favourites } from '../../../domain/company/company.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { describeError } from '../../lib/error-messages';
import { Checkbox } from '../../ui/checkbox';
import { ComboBox, ComboBoxItem } from '../../ui/combobox';
import { useMaterialFeatureNames } from './api/get-basic-settings';

/** The option that clears a favourite (no column); longer than any attribute or value name, so it is never one. */
const NONE = '__no-favourite__';

interface NameChoice {
  id: string;
  label: string;
}

function FavouritePicker({
  slot,
  value,
  names,
  isLoading,
  onChange,
  problem,
}: {
  slot: keyof Favourites;
  value: string | null;
  names: string[];
  isLoading: boolean;
  onChange: (value: string | null) => void;
  problem?: ErrorDetail;
}) {
  const { t } = useTranslation();
  // A stored name no material uses any more stays choosable, so the form still shows what is saved.
  const stored = value !== null && !names.some((name) => name === value) ? [{ id: value, label: t('company.favourites.notInUse', { name: value }) }] : [];
  const items: NameChoice[] = [{ id: NONE, label: t('company.favourites.none') }, ...stored, ...names.map((name) => ({ id: name, label: name }))];
  return (
    <ComboBox
      name={`favourites.${slot}`}
      label={t(`company.fields.${slot}`)}
      placeholder={isLoading ? t('company.favourites.loading') : t('company.favourites.none')}
      value={value ?? NONE}
      onChange={(key: Key | null) => onChange(key === null || key === NONE ? null : String(key))}
      defaultItems={items}
      errorDetail={problem}
      isDisabled={isLoading}
    >
      {(item) => (
        <ComboBoxItem id={item.id} textValue={item.label}>
          {item.label}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}

/**
 * Tab App settings: favourite attributes 1 and 2 and favourite values 1 and 2, each one of the
 * names in use in the company's materials (shown as columns in the materials list and on the
 * station screen). "Display of media with a new record" waits for media at the station (issue 15).
 */
export function FavouritesFields({
  companyId,
  favourites,
  onChange,
  problem,
}: {
  companyId: string;
  favourites: Favourites;
  onChange: (next: Favourites) => void;
  problem: (path: string) => ErrorDetail | undefined;
}) {
  const { t } = useTranslation();
  const names = useMaterialFeatureNames(companyId);
  const picker = (slot: keyof Favourites, choices: string[]) => (
    <FavouritePicker
      key={slot}
      slot={slot}
      value={favourites[slot]}
      names={choices}
      isLoading={names.isPending}
      onChange={(value) => onChange({ ...favourites, [slot]: value })}
      problem={problem(`favourites.${slot}`)}
    />
  );
  const attributes = names.data?.attributes ?? [];
  const values = names.data?.values ?? [];
  return (
    <fieldset>
      <legend>{t('company.favourites.legend')}</legend>
      <p className="form-note">{t('company.favourites.intro')}</p>
      {names.isError ? <p role="alert">{t('company.favourites.loadFailed', { reason: describeError(t, names.error) })}</p> : null}
      {names.data && attributes.length === 0 ? <p className="form-note">{t('company.favourites.noAttributes')}</p> : null}
      {picker('attribute1', attributes)}
      {picker('attribute2', attributes)}
      {names.data && values.length === 0 ? <p className="form-note">{t('company.favourites.noValues')}</p> : null}
      {picker('value1', values)}
      {picker('value2', values)}
    </fieldset>
  );
}

/** Tab App function: the optional functions of the company, each switched on or off. */
export function FunctionsFields({ functions, onChange }: { functions: CompanyFunctions; onChange: (next: CompanyFunctions) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('company.functions.legend')}</legend>
      <p className="form-note">{t('company.functions.intro')}</p>
      {companyFunctions.map((name) => (
        <Checkbox key={name} name={`functions.${name}`} isSelected={functions[name]} onChange={(isOn) => onChange({ ...functions, [name]: isOn })}>
          {t(`company.functions.${name}`)}
        </Checkbox>
      ))}
    </fieldset>
  );
}
