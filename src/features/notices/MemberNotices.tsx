import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { markNoticeSeen, memberNoticesQueryOptions } from '../../api/notices';
import { Button, Container, Notice, px, Stack } from '../../ui';

const Top = styled(Container)`
  padding-top: ${({ theme }) => px(theme.space[4])};
`;

/**
 * What Orbit has to tell the member once (a moderator removed one of their
 * photos), at the top of every page until they dismiss it; dismissing tells
 * the server, so it does not come back on another device.
 */
export function MemberNotices({ mainId }: { mainId: string }) {
  const queryClient = useQueryClient();
  const notices = useQuery(memberNoticesQueryOptions());
  const seen = useMutation({
    mutationFn: markNoticeSeen,
    onSuccess: (left) => {
      queryClient.setQueryData(memberNoticesQueryOptions().queryKey, left);
      // The pressed button went with its notice: focus moves on to the page rather than back to the top of the document.
      document.getElementById(mainId)?.focus();
    },
  });
  // A failed load says nothing: these notices are never worth an error of their own over the page.
  const shown = notices.data ?? [];
  if (shown.length === 0 && !seen.isError) return null;
  return (
    <Top>
      <Stack gap={2}>
        {seen.isError ? <Notice tone="error">{seen.error.message}</Notice> : null}
        {shown.map((notice) => (
          <Notice
            key={notice.id}
            tone="info"
            action={
              <Button
                variant="ghost"
                size="sm"
                aria-label="Dismiss notice"
                loading={seen.isPending && seen.variables === notice.id}
                disabled={seen.isPending}
                onClick={() => seen.mutate(notice.id)}
              >
                Dismiss
              </Button>
            }
          >
            {notice.text}
          </Notice>
        ))}
      </Stack>
    </Top>
  );
}
