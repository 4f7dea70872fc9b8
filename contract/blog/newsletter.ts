import { z } from 'zod';

export const newsletterBodySchema = z.strictObject({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Enter a valid email address')),
});
export type NewsletterBody = z.input<typeof newsletterBodySchema>;

/**
 * A repeat subscription is a success too, with the same answer: the visitor
 * only needs to know they are on the list, and nobody can probe whether some
 * other address is.
 */
export const newsletterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

export const NEWSLETTER_SUBSCRIBED_MESSAGE = "Thanks for subscribing! You're on the list for new posts.";
