import { z } from 'zod';
import { emailSchema } from './common';
import { accountNameSchema, recaptchaTokenSchema } from './fields';

const passwordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long (200 characters at most)');

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  recaptchaToken: recaptchaTokenSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    fullName: accountNameSchema,
    email: emailSchema,
    phone: z.string().trim().max(30, 'Please enter a valid phone number').optional().or(z.literal('')),
    password: passwordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    recaptchaToken: recaptchaTokenSchema,
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The answer to every accepted forgot-password request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = "If an account exists for that email, we've sent a link to reset your password.";
/** A reset link that is unknown, used or past its 30 minutes. */
export const RESET_LINK_INVALID_MESSAGE = 'This link has expired or was already used. Ask for a new one.';

/** POST /api/auth/forgot-password; answered with the same message whether or not the address has an account. */
export const forgotPasswordSchema = z.object({
  email: emailSchema,
  recaptchaToken: recaptchaTokenSchema,
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the emailed link's token and the new password, with register's rules. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: RESET_LINK_INVALID_MESSAGE }).max(200, RESET_LINK_INVALID_MESSAGE),
    password: passwordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * POST /api/auth/google-login. The spec's body is {email, fullName, photoURL}; the server trusts
 * only `credential` (a Google ID token it verifies) and refuses an email that differs from it.
 */
export const googleLoginSchema = z.object({
  credential: z.string({ error: 'Google sign-in did not return a credential' }).min(10, 'Google sign-in did not return a credential').max(8000),
  email: z.string().max(254).optional(),
  fullName: z.string().max(200).optional(),
  photoURL: z.string().max(2000).optional().nullable(),
});
export type GoogleLoginInput = z.infer<typeof googleLoginSchema>;

export const userSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['customer', 'admin']),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/login and /api/auth/google-login, 200; PUT /api/dashboard/profile, 200. */
export const userResponseSchema = z.object({ user: userSchema });
