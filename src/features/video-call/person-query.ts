import { queryOptions } from '@tanstack/react-query';
import type { PublicUserResponse, PublicUser } from '../../../contract/user';
import { apiRequest } from '../../api/client';

/** Who is on the other side of a call or a conversation, as those screens show them. */
export interface Person {
  id: string;
  name: string;
  avatar: string;
  isOnline: boolean;
}

export function toPerson(user: PublicUser): Person {
  return {
    id: user._id,
    name: user.profile.name.trim() || user.username,
    avatar: user.profile.avatar || user.avatar,
    isOnline: user.isOnline,
  };
}

/** GET /user/:id, read as a Person; SPEC section 8's fallback text when it fails. */
export const personQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['user', userId, 'person'],
    queryFn: async ({ signal }) => {
      const body = await apiRequest<PublicUserResponse>(`/user/${encodeURIComponent(userId)}`, {
        fallbackMessage: 'Failed to fetch user profile',
        signal,
      });
      return toPerson(body.user);
    },
    staleTime: 60_000,
    // A missing or invalid id will not appear by asking again.
    retry: false,
  });
