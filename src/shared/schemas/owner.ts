import { z } from 'zod';
import { emailSchema } from './common';

/** `npm run owner -- add EMAIL [--name NAME]`: the owner's address and, optionally, full name. */
export const addOwnerSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name is too long').optional(),
});
export type AddOwnerInput = z.input<typeof addOwnerSchema>;

/** `npm run owner -- remove EMAIL`: the address of the owner to make a customer again. */
export const removeOwnerSchema = z.object({ email: emailSchema });
export type RemoveOwnerInput = z.input<typeof removeOwnerSchema>;
