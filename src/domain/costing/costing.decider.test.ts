import { describe, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { CostingCommand } from './costing.commands.js';
import { costingDecider } from './costing.decider.js';
import type { CostingEvent } from './costing.events.js';

const given = givenFor(costingDecider);
const validity = { validFrom: '2026-12-01', effectiveFrom: '2026-12-01T10:00:00.000Z', setBy: 'owner', at: '2026-12-01T10:00:00.000Z' };
const base = { ...validity, today: '2026-12-01' };
const setSaw = (hourlyRate: number, extra: Partial<CostingCommand> = {}): CostingCommand =>
  ({ type: 'SetMachineRate', id: 'r1', stationId: 'saw', hourlyRate, ...base, ...extra }) as CostingCommand;
const sawSet = (hourlyRate: number): CostingEvent => ({
  type: 'MachineRateSet',
  data: { rateId: 'r1', stationId: 'saw', hourlyRate, validFrom: base.validFrom, effectiveFrom: base.effectiveFrom, setBy: 'owner', at: base.at },
});

describe('costing decider', () => {
  it('sets a machine rate valid from today', () => {
    given()
      .when(setSaw(60))
      .then([sawSet(60)]);
  });

  it('validFromInThePast: a rate valid from yesterday is refused', () => {
    given()
      .when(setSaw(60, { validFrom: '2026-11-30' }))
      .thenError('COSTING_VALID_FROM_PAST');
  });

  it('the same amount from the same day again changes nothing; another amount is a new rate', () => {
    given(sawSet(60)).when(setSaw(60)).then([]);
    given(sawSet(60))
      .when(setSaw(65))
      .then([sawSet(65)]);
  });

  it('a labour rate names its person or job title, the standard rate none', () => {
    const labour = { type: 'SetLabourRate', id: 'r2', hourlyRate: 40, ...base } as const;
    given()
      .when({ ...labour, target: 'employee', targetId: null })
      .thenError('VALIDATION_ERROR');
    given()
      .when({ ...labour, target: 'standard', targetId: null })
      .then([{ type: 'LabourRateSet', data: { rateId: 'r2', target: 'standard', targetId: null, hourlyRate: 40, ...validity } }]);
  });

  it('sets a material price', () => {
    given()
      .when({ type: 'SetMaterialPrice', id: 'p1', materialId: 'plate', price: 4.5, ...base })
      .then([{ type: 'MaterialPriceSet', data: { priceId: 'p1', materialId: 'plate', price: 4.5, ...validity } }]);
  });
});
