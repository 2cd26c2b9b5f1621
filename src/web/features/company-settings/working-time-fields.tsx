import { useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { workingDays, type WorkingTimeSettings } from '../../../domain/company/company.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { Checkbox } from '../../ui/checkbox';
import { ComboBox, ComboBoxItem } from '../../ui/combobox';
import { useDetailText } from '../../ui/form';
import { TextField } from '../../ui/text-field';

interface Zone {
  id: string;
}

let knownZones: { list: Zone[]; byLowerCase: Map<string, string> } | undefined;

/**
 * The time zones this browser knows, with UTC (the server checks against its own list), read once: asking
 * `Intl` takes long enough to freeze a key press, and a new list each render rebuilds the combo box's collection.
 */
function timeZones() {
  if (!knownZones) {
    const ids = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
    knownZones = { list: ids.map((id) => ({ id })), byLowerCase: new Map(ids.map((id) => [id.toLowerCase(), id])) };
  }
  return knownZones;
}

/**
 * The time zone as a combo box. What is typed stays the input's own text: the zone (the form's value) changes
 * only when one is chosen from the list, or when the text left behind is exactly a zone; any other text left
 * behind gives way to the zone the field holds.
 */
function TimeZoneField({ value, onChange, errorDetail }: { value: string; onChange: (zone: string) => void; errorDetail?: ErrorDetail }) {
  const { t } = useTranslation();
  const [input, setInput] = useState({ zone: value, text: value });
  // A zone set from outside (the saved settings loaded, the form reset) shows as the text.
  if (input.zone !== value) setInput({ zone: value, text: value });
  const zones = useMemo(() => {
    const known = timeZones().list;
    return value === '' || known.some((zone) => zone.id === value) ? known : [{ id: value }, ...known];
  }, [value]);
  const choose = (zone: string) => {
    setInput({ zone, text: zone });
    if (zone !== value) onChange(zone);
  };
  return (
    <ComboBox
      name="workingTime.timeZone"
      label={t('company.workingTime.timeZone')}
      // The zone shows as chosen while the text is its name; over other text nothing is, so choosing the zone it
      // holds is a choice too (react-aria answers a list that closes with the chosen key, or null: no choice).
      value={value !== '' && input.text === value ? value : null}
      onChange={(key: Key | null) => {
        if (key !== null) choose(String(key));
      }}
      inputValue={input.text}
      onInputChange={(text) => setInput((shown) => ({ ...shown, text }))}
      onBlur={(event) => {
        const text = event.target instanceof HTMLInputElement ? event.target.value : input.text;
        const typed = timeZones().byLowerCase.get(text.trim().toLowerCase());
        choose(typed ?? value);
      }}
      defaultItems={zones}
      errorDetail={errorDetail}
      isRequired
    >
      {(item) => (
        <ComboBoxItem id={item.id} textValue={item.id}>
          {item.id}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}

/**
 * Advanced settings, Working time: the working days (Monday first), from and to (`HH:MM`) and the
 * time zone they are in. Predicted completion and a station's availability count only this time.
 */
export function WorkingTimeFields({
  workingTime,
  onChange,
  problem,
}: {
  workingTime: WorkingTimeSettings;
  onChange: (next: WorkingTimeSettings) => void;
  problem: (path: string) => ErrorDetail | undefined;
}) {
  const { t } = useTranslation();
  const daysProblem = useDetailText(problem('workingTime.days'));
  const toggle = (day: number, isOn: boolean) =>
    onChange({ ...workingTime, days: isOn ? [...workingTime.days.filter((d) => d !== day), day].sort() : workingTime.days.filter((d) => d !== day) });
  return (
    <fieldset>
      <legend>{t('company.workingTime.legend')}</legend>
      <p className="form-note">{t('company.workingTime.intro')}</p>
      <fieldset aria-describedby={daysProblem ? 'working-days-problem' : undefined}>
        <legend>{t('company.workingTime.days')}</legend>
        {workingDays.map((day) => (
          <Checkbox
            key={day}
            name={`workingTime.days.${day}`}
            isSelected={workingTime.days.includes(day)}
            isInvalid={Boolean(daysProblem)}
            onChange={(isOn) => toggle(day, isOn)}
          >
            {t(`company.workingTime.day.${day}`)}
          </Checkbox>
        ))}
        {daysProblem ? (
          <p id="working-days-problem" className="field-error" role="alert">
            {daysProblem}
          </p>
        ) : null}
      </fieldset>
      <TextField
        name="workingTime.from"
        label={t('company.workingTime.from')}
        description={t('company.workingTime.clockHint')}
        value={workingTime.from}
        onChange={(from) => onChange({ ...workingTime, from })}
        errorDetail={problem('workingTime.from')}
        isRequired
      />
      <TextField
        name="workingTime.to"
        label={t('company.workingTime.to')}
        description={t('company.workingTime.clockHint')}
        value={workingTime.to}
        onChange={(to) => onChange({ ...workingTime, to })}
        errorDetail={problem('workingTime.to')}
        isRequired
      />
      <TimeZoneField
        value={workingTime.timeZone}
        onChange={(timeZone) => onChange({ ...workingTime, timeZone })}
        errorDetail={problem('workingTime.timeZone')}
      />
    </fieldset>
  );
}
