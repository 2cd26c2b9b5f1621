import { useMemo } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { workingDays, type WorkingTimeSettings } from '../../../domain/company/company.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { Checkbox } from '../../ui/checkbox';
import { ComboBox, ComboBoxItem } from '../../ui/combobox';
import { useDetailText } from '../../ui/form';
import { TextField } from '../../ui/text-field';

/** The time zones this browser knows (the server checks against its own list, with UTC). */
function timeZones(saved: string): { id: string }[] {
  const known = new Set(Intl.supportedValuesOf('timeZone'));
  known.add('UTC');
  known.add(saved);
  return [...known].sort().map((id) => ({ id }));
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
  const zones = useMemo(() => timeZones(workingTime.timeZone), [workingTime.timeZone]);
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
      <ComboBox
        name="workingTime.timeZone"
        label={t('company.workingTime.timeZone')}
        value={workingTime.timeZone}
        onChange={(key: Key | null) => onChange({ ...workingTime, timeZone: key === null ? '' : String(key) })}
        defaultItems={zones}
        errorDetail={problem('workingTime.timeZone')}
        isRequired
      >
        {(item) => (
          <ComboBoxItem id={item.id} textValue={item.id}>
            {item.id}
          </ComboBoxItem>
        )}
      </ComboBox>
    </fieldset>
  );
}
