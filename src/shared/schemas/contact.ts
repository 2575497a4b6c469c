import { z } from 'zod';
import { emailSchema } from './common';

export const contactSchema = z.object({
  fullName: z.string({ error: 'Name is required' }).trim().min(2, 'Name is required').max(100, 'Name is too long'),
  email: emailSchema,
  subject: z.string({ error: 'Subject is required' }).trim().min(2, 'Subject is required').max(200, 'Subject is too long'),
  message: z
    .string({ error: 'Message should be at least 10 characters' })
    .trim()
    .min(10, 'Message should be at least 10 characters')
    .max(5000, 'Message is too long (5000 characters at most)'),
  recaptchaToken: z.string().max(4000).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
