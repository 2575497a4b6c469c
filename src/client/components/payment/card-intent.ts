import type { DemoConfirmInput } from '../../../shared/schemas/booking';

/**
 * How a card form gets its payment intent: one made before the form shows (the deposit), or one
 * made when Pay is pressed (an invoice, whose amount follows the tip chosen above the form).
 * `create` answers the intent's client secret, or null when it was refused and the page already
 * says why (a tip too large, under its field); it throws for anything else.
 */
export type CardIntent = { clientSecret: string } | { amountCents: number; create: () => Promise<string | null> };

/** Where the form posts, the label of its Pay button and where the provider returns after paying. */
export interface CardFormProps {
  intent: CardIntent;
  payLabel: string;
  /** The page's own address, as the form's action: nothing typed ever goes into a URL. */
  action: string;
  /** The page Stripe sends the customer back to (its `return_url`), a path such as '/book/confirmation'. */
  returnPath: string;
  /** The demo provider's confirmation for this kind of payment; answers where to go next. */
  confirmDemo: (input: DemoConfirmInput) => Promise<{ redirectUrl: string }>;
}

/** The client secret to confirm with: the intent's, or a new one; null when refused (see CardIntent). */
export function clientSecretOf(intent: CardIntent): Promise<string | null> {
  return 'clientSecret' in intent ? Promise.resolve(intent.clientSecret) : intent.create();
}
