import { useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { breakLimits, workingDays, type BreakSettings, type WorkingTimeSettings } from '../../../domain/company/company.schema';
import { breakSettingOf, statutoryBreaks } from '../../../domain/company/working-time.rules';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { ComboBox, ComboBoxItem } from '../../ui/combobox';
import { useDetailText } from '../../ui/form';
import { NumberField } from '../../ui/number-field';
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
      <BreakFields breaks={workingTime.breaks ?? statutory()} onChange={(breaks) => onChange({ ...workingTime, breaks })} problem={problem} />
    </fieldset>
  );
}

const statutory = (): BreakSettings => breakSettingOf(statutoryBreaks);

/**
 * The break rule of the working time (labour time, docs/labour-and-costs.md): fixed break windows each day
 * and minimum breaks after some hours of work; "Statutory minimum" puts back ArbZG §4.
 */
function BreakFields({
  breaks,
  onChange,
  problem,
}: {
  breaks: BreakSettings;
  onChange: (next: BreakSettings) => void;
  problem: (path: string) => ErrorDetail | undefined;
}) {
  const { t } = useTranslation();
  const windowsAt = (index: number, part: Partial<BreakSettings['windows'][number]>) =>
    onChange({ ...breaks, windows: breaks.windows.map((window, at) => (at === index ? { ...window, ...part } : window)) });
  const minimumAt = (index: number, part: Partial<BreakSettings['minimums'][number]>) =>
    onChange({ ...breaks, minimums: breaks.minimums.map((minimum, at) => (at === index ? { ...minimum, ...part } : minimum)) });
  return (
    <fieldset className="break-fields">
      <legend>{t('company.breaks.legend')}</legend>
      <p className="form-note">{t('company.breaks.intro')}</p>
      {breaks.windows.map((window, index) => (
        <fieldset key={`window-${index}`} className="form-entry">
          <legend>{t('company.breaks.window', { number: index + 1 })}</legend>
          <TextField
            name={`workingTime.breaks.windows.${index}.from`}
            label={t('company.breaks.windowFrom')}
            description={t('company.workingTime.clockHint')}
            value={window.from}
            onChange={(from) => windowsAt(index, { from })}
            errorDetail={problem(`workingTime.breaks.windows.${index}.from`)}
            isRequired
          />
          <TextField
            name={`workingTime.breaks.windows.${index}.to`}
            label={t('company.breaks.windowTo')}
            value={window.to}
            onChange={(to) => windowsAt(index, { to })}
            errorDetail={problem(`workingTime.breaks.windows.${index}.to`)}
            isRequired
          />
          <Button variant="quiet" onPress={() => onChange({ ...breaks, windows: breaks.windows.filter((_, at) => at !== index) })}>
            {t('company.breaks.removeWindow', { number: index + 1 })}
          </Button>
        </fieldset>
      ))}
      {breaks.windows.length < breakLimits.windows ? (
        <Button variant="secondary" onPress={() => onChange({ ...breaks, windows: [...breaks.windows, { from: '12:00', to: '12:30' }] })}>
          {t('company.breaks.addWindow')}
        </Button>
      ) : null}
      {breaks.minimums.map((minimum, index) => (
        <fieldset key={`minimum-${index}`} className="form-entry">
          <legend>{t('company.breaks.minimum', { number: index + 1 })}</legend>
          <TextField
            name={`workingTime.breaks.minimums.${index}.after`}
            label={t('company.breaks.after')}
            description={t('company.breaks.afterHint')}
            value={minimum.after}
            onChange={(after) => minimumAt(index, { after })}
            errorDetail={problem(`workingTime.breaks.minimums.${index}.after`)}
            isRequired
          />
          <NumberField
            name={`workingTime.breaks.minimums.${index}.minutes`}
            label={t('company.breaks.minutes')}
            value={minimum.minutes}
            minValue={1}
            maxValue={240}
            onChange={(minutes) => minimumAt(index, { minutes })}
            errorDetail={problem(`workingTime.breaks.minimums.${index}.minutes`)}
            isRequired
          />
          <Button variant="quiet" onPress={() => onChange({ ...breaks, minimums: breaks.minimums.filter((_, at) => at !== index) })}>
            {t('company.breaks.removeMinimum', { number: index + 1 })}
          </Button>
        </fieldset>
      ))}
      {breaks.minimums.length < breakLimits.minimums ? (
        <Button
          variant="secondary"
          onPress={() => {
            const last = breaks.minimums.at(-1);
            const after = last ? Math.min(23 * 60, (Number(last.after.slice(0, 2)) + 1) * 60) : 6 * 60;
            const next = { after: `${String(Math.floor(after / 60)).padStart(2, '0')}:00`, minutes: (last?.minutes ?? 15) + 15 };
            onChange({ ...breaks, minimums: [...breaks.minimums, next] });
          }}
        >
          {t('company.breaks.addMinimum')}
        </Button>
      ) : null}
      <Button variant="quiet" onPress={() => onChange(statutory())}>
        {t('company.breaks.statutory')}
      </Button>
    </fieldset>
  );
}
