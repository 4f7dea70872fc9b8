import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { TEST_PAYMENT_LABEL } from '../../../contract/store/purchases';
import { billingPeriodLabel } from '../../../contract/store/subscriptions';
import {
  TEST_CARD_DECLINED_MESSAGE,
  type TestCheckoutAction,
  type TestCheckoutSession,
  type TestCheckoutSettleOutcome,
  type TestCheckoutStatus,
} from '../../../contract/store/test-checkout';
import { ApiError } from '../../api/client';
import { settleTestCheckout, testCheckoutAction, testCheckoutQueryOptions } from '../../api/test-checkout';
import { loadedByRoute } from '../../lib/page-data';
import { Button, ButtonLink, buttonStyles, Card, Container, EmptyState, ErrorState, Heading, Notice, px, Skeleton, Stack, Text, type ButtonStyleProps } from '../../ui';
import { formatPurchaseAmount, formatPurchaseDate } from './Receipt';

// The local payment provider's checkout page (PAYMENTS_PROVIDER=local): it
// stands where a real provider's page would, so it leaves with full page
// loads (back to Orbit's success or cancel path), as returning from a real
// provider does. No money moves, and every state of the page says so.

/** What the member does: an answer at checkout, or (after paying later) the bank's answer they play. */
type CheckoutStep = TestCheckoutAction | 'bankConfirms' | 'bankRejects';

const BANK_OUTCOMES: Record<'bankConfirms' | 'bankRejects', TestCheckoutSettleOutcome> = { bankConfirms: 'succeed', bankRejects: 'fail' };

function takeStep(sessionId: string, next: CheckoutStep) {
  return next === 'bankConfirms' || next === 'bankRejects' ? settleTestCheckout(sessionId, BANK_OUTCOMES[next]) : testCheckoutAction(sessionId, next);
}

/** SPEC issue 48: the test provider's checkout, where a member pays, pays later or has the card declined, without money. */
export function TestCheckoutScreen({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const sessionQuery = testCheckoutQueryOptions(sessionId);
  const session = useQuery({ ...sessionQuery, ...loadedByRoute });
  // The status the member's last step led to: its heading takes focus, since the buttons just pressed are gone.
  const [arrivedAt, setArrivedAt] = useState<TestCheckoutStatus | null>(null);
  const [leaving, setLeaving] = useState(false);

  const step = useMutation({
    mutationFn: (next: CheckoutStep) => takeStep(sessionId, next),
    onSuccess: ({ session: updated }, next) => {
      const before = queryClient.getQueryData(sessionQuery.queryKey)?.status;
      queryClient.setQueryData(sessionQuery.queryKey, updated);
      if (next === 'pay' && updated.status === 'complete') {
        // Back to Orbit as a real provider sends the browser: a full page load of the success path.
        setLeaving(true);
        window.location.assign(updated.successPath);
        return;
      }
      if (updated.status !== before) setArrivedAt(updated.status);
    },
    onError: (error) => {
      // 409: the checkout is no longer open (it expired, or was finished in another tab): the message shows at
      // once, and the page then shows where the checkout stands now.
      if (!(error instanceof ApiError && error.status === 409)) return;
      const before = queryClient.getQueryData(sessionQuery.queryKey)?.status;
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }).then(() => {
        const now = queryClient.getQueryData(sessionQuery.queryKey)?.status;
        if (now && now !== before) setArrivedAt(now);
      });
    },
  });

  const run = (next: CheckoutStep) => {
    if (!step.isPending) step.mutate(next);
  };
  const isRunning = (candidate: CheckoutStep) => step.isPending && step.variables === candidate;

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <Stack gap={3} role="status" aria-busy="true" aria-label="Loading checkout">
        <Skeleton width="60%" />
        <Skeleton height={40} />
        <Skeleton height={48} />
      </Stack>
    );
  } else if (session.isError) {
    body =
      session.error instanceof ApiError && session.error.status === 404 ? (
        <EmptyState
          headingLevel={2}
          title="Checkout not found"
          text="This checkout does not exist, or it belongs to another account."
          action={<ButtonLink to="/coins">Back to Coins</ButtonLink>}
        />
      ) : (
        <ErrorState
          headingLevel={2}
          title="Error Loading Checkout"
          text={session.error.message}
          action={{ label: 'Try Again', onClick: () => void session.refetch() }}
        />
      );
  } else {
    const data = session.data;
    const focus = arrivedAt === data.status;
    body = (
      <Stack gap={6}>
        <Summary session={data} />
        {step.isError ? <Notice tone="error">{step.error.message}</Notice> : null}
        {leaving ? (
          <StatePart title="Payment complete" focus>
            <Text role="status">Taking you back to Orbit…</Text>
            <PlainLink href={data.successPath} $variant="secondary" $size="md" $fullWidth={false}>
              Return to Orbit
            </PlainLink>
          </StatePart>
        ) : data.status === 'open' ? (
          <StatePart title="Choose how this test payment ends" focus={focus}>
            {data.declined ? (
              // Keyed by the answer, so a second decline is announced again.
              <Notice key={session.dataUpdatedAt} tone="error">
                {TEST_CARD_DECLINED_MESSAGE}
              </Notice>
            ) : null}
            <Actions>
              <Button
                type="button"
                fullWidth
                loading={isRunning('pay')}
                disabled={step.isPending}
                onClick={() => run('pay')}
              >
                {`Pay ${formatPurchaseAmount(data.amount)}`}
              </Button>
              <Button
                type="button"
                variant="secondary"
                fullWidth
                loading={isRunning('payLater')}
                disabled={step.isPending}
                onClick={() => run('payLater')}
              >
                Pay later (bank transfer)
              </Button>
              <Button
                type="button"
                variant="secondary"
                fullWidth
                loading={isRunning('decline')}
                disabled={step.isPending}
                onClick={() => run('decline')}
              >
                Decline card
              </Button>
            </Actions>
            <Text size="sm" tone="muted">
              {`This checkout expires at ${formatPurchaseDate(data.expiresAt)}.`}
            </Text>
            <PlainLink href={data.cancelPath} $variant="ghost" $size="md" $fullWidth={false}>
              Cancel and return to Orbit
            </PlainLink>
          </StatePart>
        ) : data.status === 'processing' ? (
          <StatePart title="Bank transfer pending" focus={focus}>
            <Text>Your bank transfer is pending. Orbit credits your coins when the bank confirms it.</Text>
            <Text size="sm" tone="muted">
              Play the bank: confirm or reject the transfer. Orbit hears the answer as it would from a real bank.
            </Text>
            <Actions>
              <Button
                type="button"
                fullWidth
                loading={isRunning('bankConfirms')}
                disabled={step.isPending}
                onClick={() => run('bankConfirms')}
              >
                Bank confirms payment
              </Button>
              <Button
                type="button"
                variant="secondary"
                fullWidth
                loading={isRunning('bankRejects')}
                disabled={step.isPending}
                onClick={() => run('bankRejects')}
              >
                Bank rejects payment
              </Button>
            </Actions>
            <PlainLink href={data.successPath} $variant="ghost" $size="md" $fullWidth={false}>
              Return to Orbit
            </PlainLink>
          </StatePart>
        ) : (
          <StatePart title={ENDED[data.status].title} focus={focus}>
            <Text>{ENDED[data.status].text}</Text>
            <ButtonLink to="/coins" variant="secondary">
              Back to Coins
            </ButtonLink>
          </StatePart>
        )}
      </Stack>
    );
  }

  return (
    <Page>
      <Panel>
        <TestBanner>
          <BannerLabel>{TEST_PAYMENT_LABEL}</BannerLabel>
          <Text size="sm">Orbit&apos;s test checkout stands in for a real payment provider.</Text>
        </TestBanner>
        <Heading level={1} size="xl">
          Test checkout
        </Heading>
        {body}
      </Panel>
    </Page>
  );
}

const ENDED: Record<Exclude<TestCheckoutStatus, 'open' | 'processing'>, { title: string; text: string }> = {
  complete: { title: 'Already paid', text: 'This checkout is paid. Your coins are in your balance.' },
  failed: { title: 'Payment failed', text: 'The bank rejected this payment. Nothing was charged and no coins were credited.' },
  expired: { title: 'Checkout expired', text: 'This checkout was cancelled or not finished in time. Nothing was charged.' },
};

function Summary({ session }: { session: TestCheckoutSession }) {
  return (
    <SummaryList>
      <div>
        <dt>Item</dt>
        <dd>{session.itemName}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>
          <AmountText>{formatPurchaseAmount(session.amount)}</AmountText>
        </dd>
      </div>
      {session.billingMonths !== null ? (
        <div>
          <dt>Renews</dt>
          <dd>{`${billingPeriodLabel(session.billingMonths)}, until cancelled`}</dd>
        </div>
      ) : null}
    </SummaryList>
  );
}

/** One state of the checkout, titled; its heading takes focus when the member's last step led here. */
function StatePart({ title, focus, children }: { title: string; focus: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, title]);
  return (
    <Stack as="section" gap={4} aria-labelledby="test-checkout-state">
      <Heading level={2} size="lg" id="test-checkout-state" ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const Page = styled(Container)`
  padding-block: ${({ theme }) => px(theme.space[6])};

  ${({ theme }) => theme.media.tablet} {
    padding-block: ${({ theme }) => px(theme.space[12])};
  }
`;

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[6])};
  max-width: ${({ theme }) => px(theme.sizes.dialogMax)};
  margin-inline: auto;
`;

const TestBanner = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => px(theme.space[4])};
  border: 2px dashed ${({ theme }) => theme.colors.vip};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.vipTint};
  color: ${({ theme }) => theme.colors.vipText};

  & p {
    color: inherit;
  }
`;

const BannerLabel = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const SummaryList = styled.dl`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  margin: 0;
  padding: ${({ theme }) => px(theme.space[4])};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  & > div {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: ${({ theme }) => px(theme.space[2])};
  }

  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }

  dd {
    margin: 0;
    min-width: 0;
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    overflow-wrap: anywhere;
  }
`;

const AmountText = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
`;

// Leaving the provider's page is a full page load, as it is from a real provider: a plain anchor, not a router link.
const PlainLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
  align-self: center;
  text-decoration: none;
`;
