import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/query-client';
import type { User } from '../../../../shared/schemas/auth';
import { authKeys, googleLogin, login, logout, register } from '../api/auth-api';

/** The signed-in user (null when signed out); never retried, so a 401 answers at once. */
export function useCurrentUser() {
  return useQuery<User | null>({
    queryKey: authKeys.user(),
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.user(), user),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useGoogleLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: googleLogin,
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.user(), user),
  });
}

/**
 * Ends the session. The caller leaves the page and then clears the query cache, in that order,
 * so no screen of the old session refetches in between.
 */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
