import { randomUUID } from 'node:crypto';
import { provisionCompany } from '../../src/server/modules/identity/index.js';
import type { TestApp } from './app.js';
import { expectOk } from './browser.js';
import { clientOf, identityOf, signIn, testPassword, type Client } from './identity.js';

/** A company with a line of stations and an operator authorised at each (`companyWithStationLine`). */
export interface StationLineCompany {
  companyId: string;
  /** Eight random characters in the company's name and its users' logins. */
  tag: string;
  /** The super user (Sabine Schmidt), signed in. */
  owner: { id: string; token: string; client: Client; session: Awaited<ReturnType<typeof signIn>> };
  /** The operators, in the order given: the i-th is authorised at the i-th station. */
  operators: { id: string; login: string }[];
  /** The stations in their sequence, the first the start station. */
  stations: { id: string; name: string }[];
}

/**
 * Provisions a company (standard plan, no trial) with a super user and the given operators, signs the super user
 * in from `remoteAddress` (so throttles of files stay apart), puts the stations in a sequence from the first and
 * authorises each operator at the station of its place: the start of a station test.
 */
export async function companyWithStationLine(
  t: TestApp,
  setup: { companyName: string; operators: { firstName: string; lastName: string }[]; stations: string[]; remoteAddress: string },
): Promise<StationLineCompany> {
  const tag = randomUUID().slice(0, 8);
  const ownerEmail = `owner-${tag}@example.com`;
  const logins = setup.operators.map((operator) => `${operator.firstName.toLowerCase()}${tag}`);
  const provisioned = await provisionCompany(identityOf(t), {
    companyName: `${setup.companyName} ${tag}`,
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: ownerEmail, password: testPassword },
      ...setup.operators.map((operator, index) => ({ role: 'OPERATOR' as const, ...operator, username: logins[index], password: testPassword })),
    ],
  });
  const session = await signIn(t, ownerEmail, testPassword, setup.remoteAddress);
  const client = clientOf(t, session.access_token);
  const stations: { id: string; name: string }[] = [];
  for (const name of setup.stations) stations.push(expectOk(await client.post('/api/stations', { name }), 201));
  const sequence = expectOk<{ version: number }>(await client.get('/api/stations/sequence'));
  const stationIds = stations.map((station) => station.id);
  expectOk(await client.put('/api/stations/sequence', { stationIds, startStationId: stationIds[0], version: sequence.version }));
  const operators = logins.map((login, index) => ({ id: provisioned.userIds[index + 1], login }));
  for (const [index, operator] of operators.entries()) {
    expectOk(await client.put(`/api/users/${operator.id}/station-authorizations`, { stationIds: [stationIds[index]] }));
  }
  return {
    companyId: provisioned.companyId,
    tag,
    owner: { id: session.userId, token: session.access_token, client, session },
    operators,
    stations,
  };
}
