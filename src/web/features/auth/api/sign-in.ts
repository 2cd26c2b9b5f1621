import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInInput } from '../../../../domain/identity/identity.rules';
import type { SessionView } from '../../../../domain/identity/identity.views';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { followStoredLanguage } from '../../../lib/i18n';

export const authenticate = (input: SignInInput): Promise<SessionView> => api.post<SessionView>('/auth/authenticate', input);

/**
 * Sign-in: on success the session goes to the AuthProvider, which stores it and clears saved form data.
 * A request's state of its own, not a TanStack Query mutation: the sign-in page loads no query library
 * (docs/performance.md); the same shape (`mutate`, `isPending`, `error`, `variables`).
 */
export function useSignIn() {
  const { login } = useAuth();
  const { i18n } = useTranslation();
  // `variables`: what the last attempt sent.
  const [state, setState] = useState<{ isPending: boolean; error: unknown; variables: SignInInput | undefined }>({
    isPending: false,
    error: null,
    variables: undefined,
  });
  const mutate = useCallback(
    (input: SignInInput, handlers: { onSuccess?: (session: SessionView) => void; onError?: (error: unknown) => void } = {}) => {
      setState({ isPending: true, error: null, variables: input });
      authenticate(input).then(
        (session) => {
          login(session);
          followStoredLanguage(i18n, session.locale);
          setState({ isPending: false, error: null, variables: input });
          handlers.onSuccess?.(session);
        },
        (error: unknown) => {
          setState({ isPending: false, error, variables: input });
          handlers.onError?.(error);
        },
      );
    },
    [login, i18n],
  );
  return { ...state, mutate };
}
