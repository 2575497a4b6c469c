import type { DbOrTx } from '../../db/client';
import { mintOwnerConfirmToken, mintPasswordResetToken } from '../../accounts';
import { mintManageToken } from '../../bookings';
import { mintReviewToken } from '../../reviews';
import { mintQuoteToken } from '../../estimates';

/**
 * Stands for the token of an email's or text's private link until it is sent: the body is
 * composed with it (`https://…/booking/{{link-token}}`), the outbox row names the link's record
 * (`link`), and the sender makes the token, stores its hash and puts it in place of this just
 * before handing the message over (decision 0016). So no row, job or backup holds a live link.
 */
export const LINK_TOKEN = '{{link-token}}';

/** Which record a private link opens, and so which table keeps the hash of its token. */
export type LinkKind = 'manage' | 'review' | 'password_reset' | 'owner_confirm' | 'quote';

/** A private link, by name: its kind and the id of its record (booking, review, reset request, user, quote). */
export interface LinkRef {
  kind: LinkKind;
  ref: number;
}

/** Said when the record a link would open is gone (a used reset, a confirmed address, a deleted booking). */
export const LINK_GONE_MESSAGE = 'Not sent: the private link it carries is no longer valid (used, expired or its record removed).';

/**
 * Makes a fresh token for a link and stores its hash with its record; null when the record no
 * longer takes one. Each kind's rules live in its domain.
 */
function minter(kind: string): ((tx: DbOrTx, ref: number, now: Date) => Promise<string | null>) | null {
  switch (kind) {
    case 'manage':
      return mintManageToken;
    case 'review':
      return mintReviewToken;
    case 'password_reset':
      return mintPasswordResetToken;
    case 'owner_confirm':
      return mintOwnerConfirmToken;
    case 'quote':
      return mintQuoteToken;
    default:
      return null;
  }
}

/**
 * The token for the link a row names, made and its hash committed before the message goes out (so
 * the link works when it arrives). A message whose send then fails leaves a hash whose token was
 * never delivered: harmless; the next try makes another. Null when the link's record is gone.
 */
export async function mintLinkToken(db: DbOrTx, kind: string, ref: number, now: Date): Promise<string | null> {
  const mint = minter(kind);
  if (!mint) return null;
  return db.transaction((tx) => mint(tx, ref, now));
}

/** `text` with every placeholder replaced by the token (split and join: no replacement patterns). */
export function withLinkToken(text: string, token: string): string {
  return text.split(LINK_TOKEN).join(token);
}
