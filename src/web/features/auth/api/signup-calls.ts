import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { referralSourceUpdateSchema } from '../../../../domain/company/company.schema';
import type { registerSchema, verifyEmailSchema } from '../../../../domain/identity/identity.schema';
import type { signUpAnswerSchema, verifyEmailAnswerSchema } from '../../../../domain/identity/identity.views';
import { api } from '../../../lib/api';

export type RegisterInput = z.input<typeof registerSchema>;
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswerSchema>;
export type ReferralSourceInput = z.input<typeof referralSourceUpdateSchema>;

export const register = (input: RegisterInput): Promise<SignUpAnswer> => api.post<SignUpAnswer>('/auth/register', input);

export const verifyEmail = (input: VerifyEmailInput): Promise<VerifyEmailAnswer> => api.post<VerifyEmailAnswer>('/auth/verify-email', input);

export const resendCode = (email: string): Promise<unknown> => api.post('/auth/resend-code', { email });

/** The 'how did you hear about us' answer; an empty id is refused by the server with ID_IS_MISSING. */
export const updateReferralSource = (companyId: string, input: ReferralSourceInput): Promise<unknown> =>
  api.put(`/company-account/update-referral-source/${encodeURIComponent(companyId)}`, input);

export const useRegister = () => useMutation({ mutationFn: register });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
export const useResendCode = () => useMutation({ mutationFn: resendCode });
export const useUpdateReferralSource = () =>
  useMutation({ mutationFn: ({ companyId, input }: { companyId: string; input: ReferralSourceInput }) => updateReferralSource(companyId, input) });
