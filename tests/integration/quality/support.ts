import { expect } from 'vitest';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import type { StationFormValues } from '../../../src/domain/stations/station.schema.js';
import type { TestApp } from '../../support/app.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';
import { stationBody, type CreatedStation } from '../stations/stations-support.js';

/**
 * The quality loop's plant (docs/quality-and-lots.md, worked example): SAW checks every value and
 * holds; DRILL measures them again without holding; Flansch (F-100, made) and Zukaufflansch (K-100,
 * bought) have the value Bohrung 10 mm, 9.9 to 10.1; a scrap reason "Maßfehler".
 */
export interface QualityLine {
  line: OrderLine;
  atSaw: Client;
  atDrill: Client;
  flange: string;
  bought: string;
  scrapReasonId: string;
  setStation(station: CreatedStation, values: Partial<StationFormValues>): Promise<unknown>;
  /** A production order of `materialId` (default Flansch) in work at SAW, its Bohrung measured there as `measured`. */
  measuredAtSaw(measured: number, materialId?: string): Promise<OrderView>;
}

export async function qualityLine(t: TestApp): Promise<QualityLine> {
  const line = await orderLine(t);
  const atSaw = await line.signInAt(0, line.stations.saw.id);
  const atDrill = await line.signInAt(1, line.stations.drill.id);
  const material = async (body: object) => {
    const res = await line.admin.post('/api/materials', { vat: 19, stock: { quantity: 0, unit: 'pcs' }, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const bore = { name: 'Bohrung', number: 10, unit: 'mm', minTolerance: 9.9, maxTolerance: 10.1 };
  const flange = await material({ type: 'manufacturing_part', name: 'Flansch', materialNumber: 'F-100', values: [bore] });
  const bought = await material({ type: 'purchasing_part', name: 'Zukaufflansch', materialNumber: 'K-100', values: [bore] });
  const setStation = async (station: CreatedStation, values: Partial<StationFormValues>) => {
    const current = await line.admin.get(`/api/stations/${station.id}`);
    const res = await line.admin.put(`/api/stations/${station.id}`, { ...stationBody(station.name, values), version: current.json().version });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  await setStation(line.stations.saw, { valueChecks: { mode: 'all', names: [], holdOutOfTolerance: true }, actions: [] });
  await setStation(line.stations.drill, { valueChecks: { mode: 'all', names: [] }, actions: [] });
  const reason = await line.superUser.post('/api/team/master-data/scrapReasons', { name: 'Maßfehler' });
  expect(reason.statusCode, reason.body).toBe(201);
  const measuredAtSaw = async (measured: number, materialId = flange): Promise<OrderView> => {
    const order = await createOrder(line.admin, orderBody([{ materialId, quantity: 5 }], { kind: 'production' }));
    const started = await act(atSaw, await act(line.admin, order, 'start-production'), 'start-work', { stationId: line.stations.saw.id });
    return act(atSaw, started, 'measure', { stationId: line.stations.saw.id, valueName: 'Bohrung', measured });
  };
  return { line, atSaw, atDrill, flange, bought, scrapReasonId: reason.json().entryId as string, setStation, measuredAtSaw };
}
