import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { labourRateTargets, type LabourRateTarget } from '../../../../domain/costing/costing.events';
import { setLabourRateSchema, setMachineRateSchema, setMaterialPriceSchema, type RateWrite } from '../../../../domain/costing/costing.schema';
import type { RatesView } from '../../../../domain/costing/costing.views';
import { describeError, fieldErrorsFromApiError, formWideError, translateDetail, validateInput, type FieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/form';
import { NativeTextField } from '../../../ui/native-fields';
import { useNotify } from '../../../ui/notification-bar';
import { useSetRate } from '../api/costing';

type Kind = RateWrite['kind'];
const kinds: readonly Kind[] = ['machine', 'labour', 'material'];

/** A decimal as typed: a German comma is a point. Empty or not a number stays text, so the schema names the problem. */
/** The amount's problem shows at the one amount field, whichever name the schema gives it. */
const withAmount = (errors: FieldErrors, key: 'hourlyRate' | 'price'): FieldErrors => (errors[key] ? { ...errors, amount: errors[key] } : errors);

const numberOf = (text: string): number | string => {
  const normal = text.trim().replace(',', '.');
  return normal !== '' && Number.isFinite(Number(normal)) ? Number(normal) : text;
};

function Select({
  id,
  label,
  value,
  onChange,
  options,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { id: string; name: string }[];
  error?: string;
}) {
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Sets a machine rate, a labour rate (standard, job title, employee) or a material's purchase price from a day on. */
export function RateForm({ rates }: { rates: RatesView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setRate = useSetRate();
  const [kind, setKind] = useState<Kind>('machine');
  const [labourTarget, setLabourTarget] = useState<LabourRateTarget>('standard');
  const [targetId, setTargetId] = useState('');
  const [amount, setAmount] = useState('');
  const [validFrom, setValidFrom] = useState(rates.today);
  const [errors, setErrors] = useState<FieldErrors>({});

  const targets =
    kind === 'machine'
      ? rates.stations
      : kind === 'material'
        ? rates.materials
        : labourTarget === 'jobTitle'
          ? rates.jobTitles
          : labourTarget === 'employee'
            ? rates.employees
            : [];
  const chosen = targets.some((target) => target.id === targetId) ? targetId : (targets[0]?.id ?? '');

  const writeOf = (): { ok: true; write: RateWrite } | { ok: false; errors: FieldErrors } => {
    const value = numberOf(amount);
    if (kind === 'machine') {
      const checked = validateInput(setMachineRateSchema, { stationId: chosen, hourlyRate: value, validFrom });
      return checked.ok ? { ok: true, write: { kind, input: checked.value } } : { ok: false, errors: withAmount(checked.errors, 'hourlyRate') };
    }
    if (kind === 'labour') {
      const checked = validateInput(setLabourRateSchema, {
        target: labourTarget,
        targetId: labourTarget === 'standard' ? null : chosen || null,
        hourlyRate: value,
        validFrom,
      });
      return checked.ok ? { ok: true, write: { kind, input: checked.value } } : { ok: false, errors: withAmount(checked.errors, 'hourlyRate') };
    }
    const checked = validateInput(setMaterialPriceSchema, { materialId: chosen, price: value, validFrom });
    return checked.ok ? { ok: true, write: { kind, input: checked.value } } : { ok: false, errors: withAmount(checked.errors, 'price') };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = writeOf();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setRate.mutate(checked.write, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('costing.rates.saved') });
        setAmount('');
      },
      onError: (error) => {
        setErrors(withAmount(withAmount(fieldErrorsFromApiError(error), 'price'), 'hourlyRate'));
        notify({ severity: 'error', message: t('costing.rates.failed', { reason: describeError(t, error) }) });
      },
    });
  };

  const targetError = errors.stationId ?? errors.materialId ?? errors.targetId;
  return (
    <form className="costing-rate-form" onSubmit={submit} aria-label={t('costing.rates.formTitle')} noValidate>
      <FormError error={formWideError(setRate.error)} />
      <Select
        id="costing-kind"
        label={t('costing.fields.kind')}
        value={kind}
        onChange={(value) => setKind(value as Kind)}
        options={kinds.map((id) => ({ id, name: t(`costing.kinds.${id}`) }))}
      />
      {kind === 'labour' ? (
        <Select
          id="costing-labour-target"
          label={t('costing.fields.labourTarget')}
          value={labourTarget}
          onChange={(value) => setLabourTarget(value as LabourRateTarget)}
          options={labourRateTargets.map((id) => ({ id, name: t(`costing.targets.${id}`) }))}
        />
      ) : null}
      {kind !== 'labour' || labourTarget !== 'standard' ? (
        targets.length === 0 ? (
          <p className="costing-muted">{t('costing.rates.noTargets')}</p>
        ) : (
          <Select
            id="costing-target"
            label={t(`costing.fields.target.${kind === 'labour' ? labourTarget : kind}`)}
            value={chosen}
            onChange={setTargetId}
            options={targets}
            error={targetError ? translateDetail(t, targetError) : undefined}
          />
        )
      ) : null}
      <NativeTextField
        name="amount"
        label={t(kind === 'material' ? 'costing.fields.price' : 'costing.fields.hourlyRate')}
        isRequired
        value={amount}
        onChange={setAmount}
        errorDetail={errors.amount}
        placeholder="0,00"
      />
      <NativeTextField
        name="validFrom"
        type="date"
        label={t('costing.fields.validFrom')}
        description={t('costing.rates.validFromHint')}
        isRequired
        value={validFrom}
        onChange={setValidFrom}
        errorDetail={errors.validFrom}
      />
      <Button type="submit" isDisabled={setRate.isPending}>
        {t('costing.rates.save')}
      </Button>
    </form>
  );
}
