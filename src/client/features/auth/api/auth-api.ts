import { apiJson, apiRequest, getJsonOr401 } from '../../../lib/api';
import { userResponseSchema, userSchema, type ForgotPasswordInput, type GoogleLoginInput, type LoginInput, type RegisterInput, type ResetPasswordInput, type User } from '../../../../shared/schemas/auth';
import { messageSchema } from '../../../../shared/schemas/common';

/** Query keys of the auth feature. The first element is the URL its fetcher reads. */
export const authKeys = {
  user: () => ['/api/auth/user'] as const,
};

/** The signed-in user, or null when nobody is signed in. */
export function getCurrentUser(): Promise<User | null> {
  return getJsonOr401('/api/auth/user', userSchema);
}

export function login(input: LoginInput): Promise<{ user: User }> {
  return apiJson('POST', '/api/auth/login', userResponseSchema, input);
}

export function register(input: RegisterInput): Promise<{ message: string }> {
  return apiJson('POST', '/api/auth/register', messageSchema, input);
}

export function googleLogin(input: GoogleLoginInput): Promise<{ user: User }> {
  return apiJson('POST', '/api/auth/google-login', userResponseSchema, input);
}

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiJson('POST', '/api/auth/forgot-password', messageSchema, input);
}

/** Sets a new password with the emailed link's token; signs in (a new session cookie). */
export function resetPassword(input: ResetPasswordInput): Promise<{ user: User }> {
  return apiJson('POST', '/api/auth/reset-password', userResponseSchema, input);
}
