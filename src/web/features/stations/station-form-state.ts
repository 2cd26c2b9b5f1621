import { useCallback, useState } from 'react';
import { maintenanceIsNotInFuture } from '../../../domain/stations/station.decider';
import {
  stationInputSchema,
  type AfterCompletionAction,
  type StationFormValues,
  type StationInput,
  type ValueCheckMode,
} from '../../../domain/stations/station.schema';
import { validateInput, type FieldErrors } from '../../lib/error-messages';
import { useSchemaForm, type DraftCheck } from '../../lib/use-schema-form';
import type { StationView } from './api/stations';
import { fromDateTimeInput, toDateTimeInput } from './format';

/** One production parameter row of the form; NaN is an empty number field (react-aria's convention). */
export interface ParameterRow {
  key: string;
  name: string;
  value: number;
  unit: string;
  from: number;
  to: number;
}

/** One action after completion; '' while nothing is chosen. */
export interface ActionRow {
  key: string;
  action: AfterCompletionAction | '';
  element: string;
}

export interface StationFormState {
  name: string;
  parameters: ParameterRow[];
  actions: ActionRow[];
  incomingGoodsCheckIn: boolean;
  /** Which values of the order's material operators measure here. */
  valueCheckMode: ValueCheckMode;
  /** The value names when `valueCheckMode` is `named`, comma-separated as typed. */
  valueNames: string;
  /** A value outside tolerance holds the order here and opens an NCR (docs/quality-and-lots.md). */
  holdOutOfTolerance: boolean;
  /** datetime-local value of the last maintenance; '' for none. */
  lastMaintenance: string;
  /** The optional WIP limit; NaN while the field is empty (no limit). */
  wipLimit: number;
  /** Orders worked at once (the capacity plan's places); NaN while empty (taken as 1). */
  capacity: number;
}

let rowCounter = 0;
/** Keeps React's identity of a row while rows above it are removed. */
export const newRowKey = (): string => `row-${++rowCounter}`;

export const emptyParameter = (): ParameterRow => ({ key: newRowKey(), name: '', value: NaN, unit: '', from: NaN, to: NaN });
export const emptyAction = (): ActionRow => ({ key: newRowKey(), action: '', element: '' });

export const emptyStationForm = (): StationFormState => ({
  name: '',
  parameters: [],
  actions: [],
  incomingGoodsCheckIn: false,
  valueCheckMode: 'none',
  valueNames: '',
  holdOutOfTolerance: false,
  lastMaintenance: '',
  wipLimit: NaN,
  capacity: 1,
});

/** The value names typed, comma-separated: each trimmed, empty ones left out. */
export const valueNamesOf = (text: string): string[] =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);

export function stationFormOf(station: StationView): StationFormState {
  return {
    name: station.name,
    parameters: station.parameters.map((p) => ({ key: newRowKey(), name: p.name, value: p.value, unit: p.unit, from: p.from ?? NaN, to: p.to ?? NaN })),
    actions: station.actions.map((a) => ({ key: newRowKey(), action: a.action, element: a.element })),
    incomingGoodsCheckIn: station.incomingGoodsCheckIn,
    valueCheckMode: station.valueChecks.mode,
    valueNames: station.valueChecks.names.join(', '),
    holdOutOfTolerance: station.valueChecks.holdOutOfTolerance === true,
    lastMaintenance: toDateTimeInput(station.lastMaintenanceAt),
    wipLimit: station.wipLimit ?? NaN,
    capacity: station.capacity,
  };
}

const numberOrUndefined = (value: number) => (Number.isNaN(value) ? undefined : value);
const numberOrNull = (value: number) => (Number.isNaN(value) ? null : value);

/** The form as the domain schema reads it: empty numbers are missing (value) or no bound (From, To). */
export function stationInputOf(form: StationFormState): StationFormValues {
  return {
    name: form.name,
    parameters: form.parameters.map((p) => ({
      name: p.name,
      value: numberOrUndefined(p.value) as number,
      unit: p.unit,
      from: numberOrNull(p.from),
      to: numberOrNull(p.to),
    })),
    actions: form.actions.map((a) => ({ action: (a.action || undefined) as AfterCompletionAction, element: a.element })),
    incomingGoodsCheckIn: form.incomingGoodsCheckIn,
    valueChecks: {
      mode: form.valueCheckMode,
      names: form.valueCheckMode === 'named' ? valueNamesOf(form.valueNames) : [],
      // Sent only when the station holds (docs/quality-and-lots.md), as the server answers it.
      ...(form.valueCheckMode !== 'none' && form.holdOutOfTolerance ? { holdOutOfTolerance: true } : {}),
    },
    wipLimit: numberOrNull(form.wipLimit),
    capacity: numberOrNull(form.capacity),
  };
}

export interface StationFormSubmission {
  input: StationInput;
  /** The last maintenance to record (ISO), or null to leave it as it is. */
  maintenanceAt: string | null;
}

/**
 * The form checked with the domain's station schema, and a changed last maintenance with the
 * domain's rule that it does not lie in the future. `recorded` is the maintenance the station has.
 */
export function checkStationForm(form: StationFormState, recorded: string): DraftCheck<StationFormSubmission> {
  const checked = validateInput(stationInputSchema, stationInputOf(form));
  const maintenanceAt = form.lastMaintenance === recorded ? null : fromDateTimeInput(form.lastMaintenance);
  const inFuture = maintenanceAt ? maintenanceIsNotInFuture(maintenanceAt, new Date().toISOString()) : null;
  const problems: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (inFuture) problems.lastMaintenance = { ...inFuture.details[0], path: 'lastMaintenance' };
  return checked.ok && !inFuture ? { ok: true, value: { input: checked.value, maintenanceAt } } : { ok: false, errors: problems };
}

/** The station form: the console's one form state (`useSchemaForm`); `restart` takes a newer stored station. */
export function useStationForm(station?: StationView) {
  const [recorded, setRecorded] = useState(() => (station ? toDateTimeInput(station.lastMaintenanceAt) : ''));
  const check = useCallback((form: StationFormState) => checkStationForm(form, recorded), [recorded]);
  const form = useSchemaForm({ initial: () => (station ? stationFormOf(station) : emptyStationForm()), check });
  return {
    ...form,
    /** Follows a newer stored station: its maintenance is the recorded one; `keepEntries` false starts the form over from it. */
    restart(latest: StationView, keepEntries: boolean) {
      setRecorded(toDateTimeInput(latest.lastMaintenanceAt));
      if (!keepEntries) form.reset(stationFormOf(latest));
    },
  };
}

export type StationFormModel = ReturnType<typeof useStationForm>;
