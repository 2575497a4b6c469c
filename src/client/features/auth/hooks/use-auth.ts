import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys, forgotPassword, getCurrentUser, googleLogin, login, logout, register, resetPassword } from '../api/auth-api';

/** The signed-in user (null when signed out); never retried, so a 401 answers at once. */
export function useCurrentUser() {
  return useQuery({ queryKey: authKeys.user(), queryFn: getCurrentUser });
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

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** A reset signs the person in: the new user goes straight into the cache, as after a sign-in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
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
