import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { NcrCommand } from './ncr.commands.js';
import { ncrDecider } from './ncr.decider.js';
import type { NcrEvent, NcrMeasurement } from './ncr.events.js';
import { formatNcrNumber } from './ncr.schema.js';

const given = givenFor(ncrDecider);
const at = '2026-12-01T09:00:00.000Z';
const ncrId = '00000000-0000-4000-8000-000000000001';
const milling = '00000000-0000-4000-8000-0000000000f1';
const scrapReasonId = '00000000-0000-4000-8000-0000000000a1';

const measurement = (measured: number): NcrMeasurement => ({
  valueName: 'Bohrung',
  nominal: 10,
  unit: 'mm',
  minTolerance: 9.9,
  maxTolerance: 10.1,
  measured,
  passed: measured >= 9.9 && measured <= 10.1,
  stationId: '00000000-0000-4000-8000-0000000000e1',
  stationName: 'PRÜFUNG',
  measuredBy: 'op-1',
  measuredByName: 'Olga Berg',
  at,
});

const opened = (materialType: 'manufacturing_part' | 'purchasing_part' = 'manufacturing_part'): NcrEvent => ({
  type: 'NonConformanceOpened',
  data: {
    ncrId,
    number: 'NCR-000001',
    orderId: 'order-1',
    orderNumber: '000042',
    stationId: '00000000-0000-4000-8000-0000000000e1',
    stationName: 'PRÜFUNG',
    materialId: 'm-1',
    materialName: 'Flansch',
    materialNumber: 'F-100',
    materialType,
    pieces: 5,
    measurement: measurement(10.3),
    at,
  },
});

const decide = (overrides: Partial<Extract<NcrCommand, { type: 'DecideNcr' }>>): NcrCommand => ({
  type: 'DecideNcr',
  disposition: 'use-as-is',
  note: '',
  reworkStationId: null,
  reworkStation: null,
  scrapReasonId: null,
  scrapReason: null,
  decidedBy: 'q-1',
  decidedByName: 'Quentin Qualität',
  at,
  ...overrides,
});

const decided = (data: Partial<Extract<NcrEvent, { type: 'NonConformanceDecided' }>['data']>): NcrEvent => ({
  type: 'NonConformanceDecided',
  data: {
    ncrId,
    disposition: 'use-as-is',
    note: '',
    reworkStationId: null,
    reworkStationName: null,
    scrapReasonId: null,
    scrapReason: null,
    decidedBy: 'q-1',
    decidedByName: 'Quentin Qualität',
    at,
    ...data,
  },
});
const closed: NcrEvent = { type: 'NonConformanceClosed', data: { ncrId, at } };
const millingChecks = { stationId: milling, name: 'FRÄSEN', checks: { mode: 'all' as const, names: [] } };

describe('opening an NCR', () => {
  it('opens held, once', () => {
    const open: NcrCommand = {
      type: 'OpenNcr',
      ncrId,
      number: 'NCR-000001',
      order: {
        orderId: 'order-1',
        orderNumber: '000042',
        materialId: 'm-1',
        materialName: 'Flansch',
        materialNumber: 'F-100',
        materialType: 'manufacturing_part',
        pieces: 5,
      },
      station: { stationId: '00000000-0000-4000-8000-0000000000e1', stationName: 'PRÜFUNG' },
      measurement: measurement(10.3),
      at,
    };
    const [event] = given().when(open).then([opened()]);
    expect(given(event).state.status).toBe('held');
    given(event).when(open).then([]);
  });

  it('numbers per company with six digits at least', () => {
    expect(formatNcrNumber(7)).toBe('NCR-000007');
    expect(formatNcrNumber(1234567)).toBe('NCR-1234567');
  });
});

describe('deciding (ncrMustBeHeld, dispositionNeeds)', () => {
  it('use as is needs a note, then closes', () => {
    given(opened())
      .when(decide({}))
      .thenError('VALIDATION_ERROR', [{ path: 'note', message: 'quality.validation.noteRequired' }]);
    given(opened())
      .when(decide({ note: 'Sonderfreigabe Kunde' }))
      .then([decided({ note: 'Sonderfreigabe Kunde' }), closed]);
  });

  it('rework needs a known station that measures the NCR’s values, and stays open', () => {
    given(opened())
      .when(decide({ disposition: 'rework' }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'reworkStationId', message: 'quality.validation.reworkStationRequired' });
    given(opened())
      .when(decide({ disposition: 'rework', reworkStationId: milling }))
      .thenErrorIncluding('VALIDATION_ERROR', { message: 'stations.validation.unknownStation' });
    given(opened())
      .when(decide({ disposition: 'rework', reworkStationId: milling, reworkStation: { ...millingChecks, checks: { mode: 'none', names: [] } } }))
      .thenErrorIncluding('VALIDATION_ERROR', { message: 'quality.validation.reworkStationMustMeasure' });
    const events = given(opened())
      .when(decide({ disposition: 'rework', reworkStationId: milling, reworkStation: millingChecks }))
      .then([decided({ disposition: 'rework', reworkStationId: milling, reworkStationName: 'FRÄSEN' })]);
    expect(given(opened(), ...events).state.status).toBe('rework');
  });

  it('scrap needs an active scrap reason, then closes', () => {
    given(opened())
      .when(decide({ disposition: 'scrap' }))
      .thenErrorIncluding('VALIDATION_ERROR', { message: 'orders.validation.scrapReasonRequired' });
    given(opened())
      .when(decide({ disposition: 'scrap', scrapReasonId }))
      .thenErrorIncluding('VALIDATION_ERROR', { message: 'orders.validation.unknownReason' });
    given(opened())
      .when(decide({ disposition: 'scrap', scrapReasonId, scrapReason: 'Maßfehler' }))
      .then([decided({ disposition: 'scrap', scrapReasonId, scrapReason: 'Maßfehler' }), closed]);
  });

  it('return to supplier only for bought material', () => {
    given(opened())
      .when(decide({ disposition: 'return-to-supplier', scrapReasonId, scrapReason: 'Lieferantenfehler' }))
      .thenError('VALIDATION_ERROR', [{ path: 'disposition', message: 'quality.validation.returnOnlyBought' }]);
    given(opened('purchasing_part'))
      .when(decide({ disposition: 'return-to-supplier', scrapReasonId, scrapReason: 'Lieferantenfehler' }))
      .then([decided({ disposition: 'return-to-supplier', scrapReasonId, scrapReason: 'Lieferantenfehler' }), closed]);
  });

  it('a decided NCR is not decided again', () => {
    given(opened(), decided({ note: 'ok' }), closed)
      .when(decide({ note: 'again' }))
      .thenError('NCR_ALREADY_DECIDED');
    given(opened(), decided({ disposition: 'rework', reworkStationId: milling }))
      .when(decide({ note: 'again' }))
      .thenError('NCR_ALREADY_DECIDED');
    given()
      .when(decide({ note: 'x' }))
      .thenError('NOT_FOUND');
  });
});

describe('re-measuring after rework', () => {
  const inRework = [opened(), decided({ disposition: 'rework', reworkStationId: milling, reworkStationName: 'FRÄSEN' })];
  const remeasure = (measured: number, valueName = 'Bohrung'): NcrCommand => ({
    type: 'RecordRemeasurement',
    measurement: { ...measurement(measured), valueName },
    at,
  });

  it('within tolerance closes it', () => {
    given(...inRework)
      .when(remeasure(10.05))
      .then([{ type: 'NonConformanceRemeasured', data: { ncrId, measurement: measurement(10.05), at } }, closed]);
  });

  it('outside tolerance holds the order again for a new decision', () => {
    const events = given(...inRework)
      .when(remeasure(10.2))
      .then([{ type: 'NonConformanceRemeasured', data: { ncrId, measurement: measurement(10.2), at } }]);
    const state = given(...inRework, ...events).state;
    expect(state.status).toBe('held');
    given(...inRework, ...events)
      .when(decide({ note: 'Kunde akzeptiert' }))
      .then([decided({ note: 'Kunde akzeptiert' }), closed]);
  });

  it('another value, or an NCR not in rework, records nothing', () => {
    given(...inRework)
      .when(remeasure(10, 'Länge'))
      .then([]);
    given(opened()).when(remeasure(10)).then([]);
  });
});
