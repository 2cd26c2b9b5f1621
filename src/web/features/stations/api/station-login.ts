import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stationLoginSchema } from '../../../../domain/stations/station.schema';
import type { StationAuthorizationsView, StationSession, StationView } from '../../../../domain/stations/stations.views';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { allStationsQueryOptions } from '../../../lib/reference-data';

export type StationCredentials = z.input<typeof stationLoginSchema>;

export const signInAtStation = (stationId: string, credentials: StationCredentials): Promise<StationSession> =>
  api.post<StationSession>(`/stations/${encodeURIComponent(stationId)}/login`, credentials);

/**
 * Station login. The device becomes the station's terminal: a console session open on it is ended
 * first (a tablet handed over must not keep the admin's token), then the operator's session is
 * stored through the AuthProvider like any sign-in, carrying its station.
 */
export function useStationLogin() {
  const { session, login, logout } = useAuth();
  return useMutation({
    mutationFn: ({ stationId, credentials }: { stationId: string; credentials: StationCredentials }) => signInAtStation(stationId, credentials),
    onSuccess: async (answer) => {
      if (session) await logout();
      login({ access_token: answer.access_token, userId: answer.userId, role: answer.role, company: answer.companyId, station: answer.station });
    },
  });
}

/** A station an operator may sign in at, as the login after a sign-out offers it. */
export type StationChoice = Pick<StationView, 'id' | 'name'>;

/**
 * The stations `userId` may sign in at other than `leaving`, by name: read while the operator is still
 * signed in (after the sign-out nothing may be read), so the login can offer the next station. None
 * when they cannot be read (offline): the login then offers the station overview only.
 */
export async function stationsToSignInAt(queryClient: QueryClient, userId: string, leaving: string): Promise<StationChoice[]> {
  try {
    const [authorizations, stations] = await Promise.all([
      api.get<StationAuthorizationsView>(`/users/${encodeURIComponent(userId)}/station-authorizations`),
      queryClient.fetchQuery(allStationsQueryOptions('sequence')),
    ]);
    const allowed = new Set(authorizations.stationIds);
    return stations.filter((station) => allowed.has(station.id) && station.id !== leaving).map((station) => ({ id: station.id, name: station.name }));
  } catch {
    return [];
  }
}
