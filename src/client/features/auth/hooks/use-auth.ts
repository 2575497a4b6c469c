import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/schemas/auth';
import { CUSTOMER_DATA_PREFIX, forgetCustomerData } from '../../../lib/device-data';
import { authKeys, forgotPassword, getCurrentUser, googleLogin, login, logout, register, resetPassword } from '../api/auth-api';

/** The owner as last seen signed in, kept on the phone so the owner's app opens with no signal (decision 0024). */
const KEPT_OWNER = `${CUSTOMER_DATA_PREFIX}signed-in-owner`;

function keptOwner(): User | null {
  try {
    const parsed = userSchema.safeParse(JSON.parse(window.localStorage.getItem(KEPT_OWNER) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The server's answer; with no signal at all (the request never reached it), the owner as last
 * seen signed in on this device, so /admin opens offline on what it kept. The server still checks
 * every call: this only lets the page draw.
 */
async function currentUserOrKept(): Promise<User | null> {
  try {
    const user = await getCurrentUser();
    try {
      if (user?.role === 'admin') window.localStorage.setItem(KEPT_OWNER, JSON.stringify(user));
      else window.localStorage.removeItem(KEPT_OWNER);
    } catch {
      // No storage: nothing kept.
    }
    return user;
  } catch (err) {
    const kept = err instanceof TypeError ? keptOwner() : null;
    if (kept) return kept;
    throw err;
  }
}

/** The signed-in user (null when signed out); never retried, so a 401 answers at once. Asked even with no signal (see currentUserOrKept). */
export function useCurrentUser() {
  return useQuery({ queryKey: authKeys.user(), queryFn: currentUserOrKept, networkMode: 'offlineFirst' });
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
