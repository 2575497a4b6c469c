import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth';
import { forgetCustomerData } from '../../../lib/device-data';
import { authKeys, forgotPassword, getCurrentUser, googleLogin, login, logout, register, resetPassword } from '../api/auth-api';

/** The signed-in user (null when signed out); never retried, so a 401 answers at once. */
export function useCurrentUser() {
  return useQuery({ queryKey: authKeys.user(), queryFn: getCurrentUser });
}

/** A call that signs the person in: the user it answers with goes straight into the cache. */
function useSignIn<I>(mutationFn: (input: I) => Promise<{ user: User }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: ({ user }) => queryClient.setQueryData(authKeys.user(), user) });
}

export const useLogin = () => useSignIn(login);

export const useGoogleLogin = () => useSignIn(googleLogin);

/** A reset signs the person in, as a sign-in does. */
export const useResetPassword = () => useSignIn(resetPassword);

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/**
 * Ends the session. The caller leaves the page and then clears the query cache, in that order,
 * so no screen of the old session refetches in between.
 */
/** Signs out; what the device kept about customers (Today's jobs read with no signal) is forgotten. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const result = await logout();
      forgetCustomerData();
      return result;
    },
  });
}
