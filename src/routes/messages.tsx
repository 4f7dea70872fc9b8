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
  // One screen however `with` changes: it follows the address (MessagesScreen).
  return <MessagesScreen withUserId={search.with ?? null} />;
}
