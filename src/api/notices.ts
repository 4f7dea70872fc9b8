import { queryOptions } from '@tanstack/react-query';
import type { MemberNotice, NoticesResponse } from '../../contract/notices';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

/**
 * Under ['me', ...]: the notices belong to the signed-in account, and the
 * auth provider removes every ['me'] key on sign-in.
 */
export const memberNoticesQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.notices(),
    queryFn: async ({ signal }): Promise<MemberNotice[]> =>
      (await apiRequest<NoticesResponse>('/user/me/notices', { fallbackMessage: 'Failed to load notices', signal })).notices,
  });

/** POST /user/me/notices/:id/seen: the notices still to show after this one. */
export async function markNoticeSeen(id: string): Promise<MemberNotice[]> {
  const answer = await apiRequest<NoticesResponse>(`/user/me/notices/${encodeURIComponent(id)}/seen`, {
    method: 'POST',
    fallbackMessage: 'Failed to dismiss the notice',
  });
  return answer.notices;
}
