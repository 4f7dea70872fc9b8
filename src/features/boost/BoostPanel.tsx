import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { BOOST_MINUTES, type Boost } from '../../../contract/boost';
import { boostStatusQueryOptions, startDailyBoost } from '../../api/boost';
import { refetchAccount } from '../../api/member-keys';
import { Button, Card, CardTitle, Notice, Skeleton, Stack, Text } from '../../ui';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const viewsText = (views: number) => `${views} ${views === 1 ? 'view' : 'views'}`;

/** "Your Boost runs until 14:32 · 3 views so far". */
export function runningText(boost: Pick<Boost, 'endsAt' | 'views'>): string {
  return `Your Boost runs until ${clock.format(new Date(boost.endsAt))} · ${viewsText(boost.views)} so far`;
}

/**
 * Discover's Boost: for BOOST_MINUTES the member's card comes first in
 * others' Discover and Spin. VIP starts today's from here; anyone can buy one
 * with coins on /coins. While it runs, it says until when and the views it
 * has brought; after, what the last one brought.
 */
export function BoostPanel({ isVip }: { isVip: boolean }) {
  const queryClient = useQueryClient();
  const status = useQuery(boostStatusQueryOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (attemptId: string) => startDailyBoost(attemptId),
    onMutate: () => setFailure(null),
    onSuccess: () => void refetchAccount(queryClient),
    onError: (error) => setFailure(error.message),
  });

  let body;
  if (status.isPending) body = <Skeleton height={40} />;
  else if (status.isError) body = <Notice tone="error">{status.error.message}</Notice>;
  else if (status.data.running) body = <Text role="status">{runningText(status.data.running)}</Text>;
  else
    body = (
      <Stack gap={3}>
        <Text tone="muted">
          Your card comes first in Discover and Spin for {BOOST_MINUTES} minutes.{' '}
          {status.data.last ? `Your last Boost brought ${viewsText(status.data.last.views)}.` : null}
        </Text>
        {status.data.dailyBoostAvailable ? (
          <Button type="button" disabled={start.isPending} onClick={() => start.mutate(crypto.randomUUID())}>
            {start.isPending ? 'Starting...' : 'Boost now'}
          </Button>
        ) : (
          <Text size="sm">
            {isVip ? "Today's VIP Boost is used. " : 'VIP members boost free once a day. '}
            <Link to="/coins">Buy a Boost with coins</Link>
          </Text>
        )}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
      </Stack>
    );
  return (
    <Card as="section" aria-labelledby="boost-title">
      <Stack gap={3}>
        <CardTitle id="boost-title">Boost</CardTitle>
        {body}
      </Stack>
    </Card>
  );
}
