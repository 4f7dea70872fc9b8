import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MessagesScreen } from '../features/messages/MessagesScreen';

const messagesSearchSchema = z.object({
  /** Opens (or starts) the conversation with this person. */
  with: z.string().trim().min(1).max(100).optional().catch(undefined),
});

export const Route = createFileRoute('/messages')({
  validateSearch: messagesSearchSchema,
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const withUserId = search.with ?? null;
  // A new `with` is a new screen: the machine takes it as input once.
  return <MessagesScreen key={withUserId ?? ''} withUserId={withUserId} />;
}
