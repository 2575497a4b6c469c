/** The signed-in user a request carries (filled by the auth plugin from the session cookie). */
export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  phone: string | null;
  role: 'customer' | 'admin';
}
