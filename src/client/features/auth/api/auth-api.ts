import { apiJson, apiRequest, getJson } from '../../../lib/api';
import type { GoogleLoginInput, LoginInput, RegisterInput, User } from '../../../../shared/schemas/auth';

/** Query keys of the auth feature. The first element is the URL the default query function reads. */
export const authKeys = {
  user: () => ['/api/auth/user'] as const,
};

/** The signed-in user, or null when nobody is signed in. */
export function getCurrentUser(): Promise<User | null> {
  return getJson<User>('/api/auth/user', 'returnNull');
}

export function login(input: LoginInput): Promise<{ user: User }> {
  return apiJson<{ user: User }>('POST', '/api/auth/login', input);
}

export function register(input: RegisterInput): Promise<{ user?: User } | null> {
  return apiJson<{ user?: User } | null>('POST', '/api/auth/register', input);
}

export function googleLogin(input: GoogleLoginInput): Promise<{ user: User }> {
  return apiJson<{ user: User }>('POST', '/api/auth/google-login', input);
}

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}
