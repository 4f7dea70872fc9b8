import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import type { CoinItem, CoinPrice } from '../../../contract/coins/spending';
import { BOOST_MINUTES } from '../../../contract/boost';
import { FREE_DAILY_LIKES } from '../../../contract/constants';
import { coinPricesQueryOptions, spendCoins } from '../../api/coins/spending';
import { refetchAccount } from '../../api/member-keys';
import { runningText } from '../boost/BoostPanel';
import { Button, ErrorState, Notice, px, Skeleton, Text } from '../../ui';
import { formatCoins, formatCount, formatPrice } from './format';
import { HistoryList, HistoryRow } from './HistoryList';
import { StoreSection } from './StorePageLayout';

/** "100 coins, about $0.99": every coin price with what it is worth in money (issue 48). */
export function coinPriceText(price: Pick<CoinPrice, 'coins' | 'value'>): string {
  return price.value ? `${formatCoins(price.coins)}, about ${formatPrice(price.value)}` : formatCoins(price.coins);
}

function extraLikesText(count: number): string {
  return `You have ${formatCount(count)} extra ${count === 1 ? 'like' : 'likes'}`;
}

/**
 * The Coins page's "Spend Your Coins": what coins buy, each at its coin price
 * and money value, bought with one click. A new attempt id per click; a retry
 * of the same click (the mutation's own) spends once on the server.
 */
export function SpendCoinsPanel({ isVip }: { isVip: boolean }) {
  const queryClient = useQueryClient();
  const prices = useQuery(coinPricesQueryOptions());
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const spend = useMutation({
    mutationFn: ({ item, attemptId }: { item: CoinItem; attemptId: string }) => spendCoins(item, attemptId),
    onSuccess: (answer) => {
      setOutcome({ tone: 'success', text: `${answer.message}. ${answer.boost ? runningText(answer.boost) : extraLikesText(answer.extraLikes)}.` });
      void refetchAccount(queryClient);
    },
    onError: (error) => setOutcome({ tone: 'error', text: error.message }),
  });

  let body;
  if (prices.isPending) body = <Skeleton height={72} />;
  else if (prices.isError)
    body = <ErrorState headingLevel={3} title="Error Loading Prices" text={prices.error.message} action={{ label: 'Try Again', onClick: () => void prices.refetch() }} />;
  else
    body = (
      <>
        <Text tone="muted">
          {isVip
            ? `Your VIP likes have no limit. A Boost puts your card first in Discover and Spin for ${BOOST_MINUTES} minutes.`
            : `Extra likes are used once your ${FREE_DAILY_LIKES} free likes of the day are gone, and never expire. ${extraLikesText(prices.data.extraLikes)}. A Boost puts your card first in Discover and Spin for ${BOOST_MINUTES} minutes.`}
        </Text>
        <HistoryList>
          {prices.data.prices.map((price) => (
            <li key={price.item}>
              <HistoryRow>
                <Item>
                  <Text weight="semibold">{price.title}</Text>
                  <Text as="span" size="sm" tone="muted">
                    {coinPriceText(price)}
                  </Text>
                </Item>
                <Button
                  type="button"
                  size="sm"
                  disabled={(isVip && price.item === 'extraLikes') || spend.isPending}
                  aria-label={`Buy ${price.title} for ${coinPriceText(price)}`}
                  onClick={() => {
                    setOutcome(null);
                    spend.mutate({ item: price.item, attemptId: crypto.randomUUID() });
                  }}
                >
                  {spend.isPending && spend.variables.item === price.item ? 'Buying...' : 'Buy with coins'}
                </Button>
              </HistoryRow>
            </li>
          ))}
        </HistoryList>
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      </>
    );
  return (
    <StoreSection title="Spend Your Coins" titleId="spend-coins-title">
      {body}
    </StoreSection>
  );
}

const Item = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
`;
