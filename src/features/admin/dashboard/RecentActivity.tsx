import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { adminActivityQueryOptions } from '../../../api/admin/console';
import { loadedByRoute } from '../../../lib/page-data';
import { Card, EmptyState, Heading, px, Skeleton, Text } from '../../../ui';
import { formatDateTime, formatRelative } from '../shared/format';
import { LoadFailedNotice } from '../shared/LoadStates';
import { activityDetails, describeActivity } from './activity-text';

/** The real audit log, newest first (the SPEC's list was static). */
export function RecentActivity() {
  const activity = useQuery({ ...adminActivityQueryOptions(10), ...loadedByRoute });

  return (
    <Card as="section" aria-labelledby="recent-activity-heading">
      <Heading level={2} size="lg" id="recent-activity-heading">
        Recent Activity
      </Heading>
      {activity.isPending ? (
        <Loading aria-busy="true">
          <Text tone="muted" size="sm">
            Loading recent activity…
          </Text>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </Loading>
      ) : activity.isError ? (
        <LoadFailedNotice onRetry={() => void activity.refetch()}>{activity.error.message}</LoadFailedNotice>
      ) : activity.data.length === 0 ? (
        <EmptyState headingLevel={3} title="No admin actions yet" text="Bans, VIP grants, withdrawal decisions and content changes will appear here." />
      ) : (
        <List>
          {activity.data.map((entry) => {
            const details = activityDetails(entry);
            return (
              <li key={entry._id}>
                <Dot aria-hidden="true" />
                <div>
                  <Text size="sm" weight="semibold">
                    {describeActivity(entry)}
                  </Text>
                  {details && (
                    <Text size="sm" tone="muted">
                      {details}
                    </Text>
                  )}
                  <Text as="small" size="xs" tone="muted">
                    <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
                      {formatRelative(entry.createdAt)}
                    </time>
                  </Text>
                </div>
              </li>
            );
          })}
        </List>
      )}
    </Card>
  );
}

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  margin-top: ${({ theme }) => px(theme.space[3])};
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  margin: ${({ theme }) => px(theme.space[4])} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: ${({ theme }) => px(theme.space[3])};
    min-width: 0;
  }

  li > div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => px(theme.space[1] / 2)};
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Dot = styled.span`
  flex: none;
  width: ${({ theme }) => px(theme.space[2] + theme.space[1])};
  height: ${({ theme }) => px(theme.space[2] + theme.space[1])};
  margin-top: ${({ theme }) => px(theme.space[1])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.gradients.brand};
`;
