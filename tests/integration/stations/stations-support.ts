import { expect } from 'vitest';
import type { StationFormValues } from '../../../src/domain/stations/station.schema.js';
import type { Client } from '../../support/identity.js';

/** A station as the add form would send it; `name` must be unique per test. */
export const stationBody = (name: string, values: Partial<StationFormValues> = {}): StationFormValues => ({
  name,
  parameters: [{ name: 'Temperature', value: 180, unit: '°C', from: 170, to: 190 }],
  actions: [{ action: 'generate-document', element: 'delivery-bill' }],
  incomingGoodsCheckIn: false,
  ...values,
});

export interface CreatedStation {
  id: string;
  name: string;
  version: number;
}

/** Creates a station through the API and fails the test when refused. */
export async function createStation(client: Client, name: string, values: Partial<StationFormValues> = {}): Promise<CreatedStation> {
  const res = await client.post('/api/stations', stationBody(name, values));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Saves the sequence on the version it currently has; fails the test when refused. */
export async function saveSequence(client: Client, stationIds: string[], startStationId?: string | null) {
  const current = (await client.get('/api/stations/sequence')).json();
  const res = await client.put('/api/stations/sequence', { stationIds, startStationId, version: current.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The error code and the first detail of an error answer. */
export const errorOf = (body: string) => {
  const { error } = JSON.parse(body) as { error: { code: string; message: string; details: { path: string; message: string }[] } };
  return error;
};
