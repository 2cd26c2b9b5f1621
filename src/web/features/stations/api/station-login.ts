import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stationLoginSchema } from '../../../../domain/stations/station.schema';
import type { StationSession } from '../../../../domain/stations/stations.views';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

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
