/**
 * Accounts: customers and owners, sign-in (password, Google, owner links), sessions, password resets,
 * roles, the customers list of the admin, and the request limits kept in the database.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { deleteExpiredPasswordResetTokens } from './repositories/password-resets';
export { deleteExpiredRateLimits, hitRateLimit } from './repositories/rate-limits';
export { deleteAllExpiredSessions, findSessionUser } from './repositories/sessions';
export { deleteExpiredSignInLinks } from './repositories/sign-in-links';
export { updateUserProfile } from './repositories/users';
export { adminCustomersRoutes } from './routes/admin-customers';
export { FORGOT_PASSWORD_LIMIT, LOGIN_LIMIT, REGISTER_LIMIT, authRoutes, setSessionCookie } from './routes/auth';
export { login, mintOwnerConfirmToken, register } from './services/auth';
export { SIGN_IN_LINK_MINUTES, addOwner, removeOwner } from './services/owner';
export { mintPasswordResetToken, requestPasswordReset } from './services/password-reset';
export { RECAPTCHA_FAILED_MESSAGE, checkRecaptcha } from './services/recaptcha';
export type { RecaptchaOutcome } from './services/recaptcha';
export { roleFor } from './services/roles';
export type { SessionUser } from './services/session-user';
export { hashToken, newToken, sealedTokenHash } from './services/tokens';
