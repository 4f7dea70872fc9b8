import type { NewsletterResponse, NewsletterBody } from '../../../contract/blog/newsletter';
import { apiRequest } from '../client';

export function subscribeToNewsletter(body: NewsletterBody) {
  return apiRequest<NewsletterResponse>('/newsletter', {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to subscribe to the newsletter',
  });
}
