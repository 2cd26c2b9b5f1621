import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { regeneratedSessionSchema } from '../../../../domain/identity/identity.views';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export type RegeneratedSession = z.infer<typeof regeneratedSessionSchema>;

/** The master's token for another company; the server ends the old one. */
export const regenerateToken = (companyId: string): Promise<RegeneratedSession> =>
  api.post<RegeneratedSession>(`/auth/regenerate-jwt/${encodeURIComponent(companyId)}`);

/**
 * Switches the master to a company: the new token, user id, role and company id are stored
 * through the AuthProvider, which also refreshes every cached query.
 */
export function useSwitchCompany() {
  const { login } = useAuth();
  return useMutation({
    mutationFn: regenerateToken,
    onSuccess: (answer) => login({ access_token: answer.access_token, userId: answer.userId, role: answer.role, company: answer.companyId }),
  });
}
