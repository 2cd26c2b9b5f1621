import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { orderLine, type OrderLine } from '../orders/support.js';
import { errorOf, stationBody } from './stations-support.js';

// Which values of the order's material a station checks: saved with the station form, validated
// with the domain's rules, read back on every station answer.
let t: TestApp;
let line: OrderLine;
let other: OrderLine;

beforeAll(async () => {
  t = await createTestApp();
  line = await orderLine(t);
  other = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

describe("a station's value checks", () => {
  it('are none by default and saved as given on create and edit', async () => {
    const plain = await line.admin.post('/api/stations', stationBody('PLAIN'));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().valueChecks).toEqual({ mode: 'none', names: [] });

    const created = await line.admin.post('/api/stations', stationBody('GAUGE', { valueChecks: { mode: 'named', names: [' Length ', 'Weight'] } }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().valueChecks).toEqual({ mode: 'named', names: ['Length', 'Weight'] });

    const changed = await line.admin.put(`/api/stations/${created.json().id}`, {
      ...stationBody('GAUGE', { valueChecks: { mode: 'all', names: ['Length'] } }),
      version: created.json().version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().valueChecks).toEqual({ mode: 'all', names: [] });
    const listed = await line.admin.get('/api/stations?q=GAUGE');
    expect(listed.json().data[0].valueChecks).toEqual({ mode: 'all', names: [] });
  });

  it('refuse a bad setting with the rule on its field, and change nothing', async () => {
    const cases: [object, string, string][] = [
      [{ mode: 'named', names: [] }, 'valueChecks.names', 'stations.validation.valueNamesRequired'],
      [{ mode: 'named', names: ['Length', 'length'] }, 'valueChecks.names.1', 'stations.validation.valueNameRepeated'],
      [{ mode: 'named', names: ['x'.repeat(11)] }, 'valueChecks.names.0', 'validation.maxLength'],
      [{ mode: 'sometimes' }, 'valueChecks.mode', 'stations.validation.valueCheckMode'],
    ];
    for (const [valueChecks, path, message] of cases) {
      const res = await line.admin.post('/api/stations', stationBody('REFUSED', { valueChecks } as never));
      expect(res.statusCode, JSON.stringify(valueChecks)).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect((await line.admin.get('/api/stations?q=REFUSED')).json().total).toBe(0);
  });

  it("are for the station's company: an operator may not set them, another company sees 404", async () => {
    const station = (await line.admin.post('/api/stations', stationBody('OWN', { valueChecks: { mode: 'all', names: [] } }))).json();
    const asOperator = await line.operators[0].client.put(`/api/stations/${station.id}`, {
      ...stationBody('OWN', { valueChecks: { mode: 'none', names: [] } }),
      version: station.version,
    });
    expect(asOperator.statusCode).toBe(403);
    const foreign = await other.admin.put(`/api/stations/${station.id}`, {
      ...stationBody('OWN', { valueChecks: { mode: 'none', names: [] } }),
      version: station.version,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await line.admin.get(`/api/stations/${station.id}`)).json().valueChecks).toEqual({ mode: 'all', names: [] });
  });
});
