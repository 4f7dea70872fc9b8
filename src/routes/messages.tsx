import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../features/messaging/MessagesScreen';
import { optionalText, searchReader } from '../search-params';

const readMessagesSearch = searchReader((search) => ({
  /** Opens the conversation with this person. */
  with: optionalText(search.with, 100),
}));

export const Route = createFileRoute('/messages')({
  staticData: { pageTitle: 'Messages' },
  validateSearch: readMessagesSearch,
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const withUserId = search.with ?? null;
  // A new `with` is a new screen: the machine takes it as input once.
  return <MessagesScreen key={withUserId ?? ''} withUserId={withUserId} />;
}
