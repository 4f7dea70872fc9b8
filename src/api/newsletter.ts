import { newsletterResponseSchema, type NewsletterBody } from '../../contract/newsletter';
import { apiRequest } from './client';

export function subscribeToNewsletter(body: NewsletterBody) {
  return apiRequest('/newsletter', {
    method: 'POST',
    body,
    schema: newsletterResponseSchema,
    fallbackMessage: 'Failed to subscribe to the newsletter',
  });
}
