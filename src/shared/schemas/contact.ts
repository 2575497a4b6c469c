import { z } from 'zod';
import { emailSchema } from './common';
import { personNameSchema, recaptchaTokenSchema, textField } from './fields';

export const contactSchema = z.object({
  fullName: personNameSchema,
  email: emailSchema,
  subject: textField(2, 200, { required: 'Subject is required', long: 'Subject is too long' }),
  message: textField(10, 5000, { required: 'Message should be at least 10 characters', long: 'Message is too long (5000 characters at most)' }),
  recaptchaToken: recaptchaTokenSchema,
});

export type ContactInput = z.infer<typeof contactSchema>;
