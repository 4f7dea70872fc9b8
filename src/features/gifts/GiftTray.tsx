import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { GiftOffer } from '../../../contract/gifts';
import { giftTrayMachine, type GiftTarget } from '../../../machines/gifts/gift-tray.machine';
import { giftOffersQueryOptions } from '../../api/gifts';
import { currentUserQueryOptions } from '../../api/members';
import { realtimeHub } from '../../realtime/hub';
import { Button, ButtonLink, Dialog, ErrorState, GiftIcon, IconButton, Notice, px, Spinner, Text } from '../../ui';
import { formatCoins as coinsText, formatPrice } from '../store/format';
import { createGiftActors, useRealtimeConnected, type GiftHub } from './gift-actors';

interface GiftTrayProps {
  /** The stream's host, or a match (a symbolic gift in the chat). */
  to: GiftTarget;
  /** An icon-only button (beside the chat's message box). */
  compact?: boolean;
  /** Tests: a hub of their own (the app uses the tab's). */
  hub?: GiftHub;
}

/**
 * A viewer's "Send a gift" (machines/gifts/gift-tray.machine.ts): the gifts
 * on offer with their price in coins and in money, the member's balance,
 * and what became of the last press.
 */
export function GiftTray({ to, compact = false, hub = realtimeHub }: GiftTrayProps) {
  const logic = useMemo(() => giftTrayMachine.provide({ actors: createGiftActors(hub) }), [hub]);
  const actor = useActorRef(logic, { input: { to } });
  const snapshot = useSelector(actor, (current) => current);
  const connected = useRealtimeConnected(hub);
  const open = !snapshot.matches('closed');
  const offers = useQuery({ ...giftOffersQueryOptions(), enabled: open });
  // Only members watch streams and chat; the balance is kept current by `coins:balance`.
  const balance = useQuery({ ...currentUserQueryOptions(), enabled: open }).data?.coins;
  const sending = snapshot.matches('sending');
  const { giftId, error } = snapshot.context;
  const picked = offers.data?.gifts.find((gift) => gift._id === giftId);

  const send = (gift: GiftOffer) => actor.send({ type: 'SEND', giftId: gift._id, sendId: crypto.randomUUID() });

  return (
    <>
      {compact ? (
        <IconButton aria-label="Send a gift" variant="secondary" onClick={() => actor.send({ type: 'OPEN' })}>
          <GiftIcon />
        </IconButton>
      ) : (
        <Button type="button" variant="secondary" size="sm" onClick={() => actor.send({ type: 'OPEN' })}>
          <span aria-hidden="true">🎁</span> Send a gift
        </Button>
      )}
      <Dialog open={open} onClose={() => actor.send({ type: 'CLOSE' })} title="Send a gift">
        <Body>
          {balance === undefined ? null : <Text tone="muted">You have {coinsText(balance)}.</Text>}
          {offers.isPending ? <Spinner label="Loading gifts" /> : null}
          {offers.isError ? <ErrorState title="Couldn't load the gifts" text={offers.error.message} action={{ label: 'Try again', onClick: () => void offers.refetch() }} /> : null}
          {offers.data ? (
            <Gifts aria-label="Gifts">
              {offers.data.gifts.map((gift) => (
                <li key={gift._id}>
                  <GiftButton
                    type="button"
                    disabled={!connected || sending}
                    aria-busy={sending && gift._id === giftId}
                    onClick={() => send(gift)}
                    aria-label={`${gift.name}, ${coinsText(gift.price)}${gift.value ? ` (${formatPrice(gift.value)})` : ''}`}
                  >
                    <GiftEmoji aria-hidden="true">{gift.icon}</GiftEmoji>
                    <span>{gift.name}</span>
                    <Price>{coinsText(gift.price)}</Price>
                    {gift.value ? <Value>{formatPrice(gift.value)}</Value> : null}
                  </GiftButton>
                </li>
              ))}
            </Gifts>
          ) : null}
          {!connected ? <Notice tone="info">Gifts go only while you are connected. Reconnecting…</Notice> : null}
          {sending ? <Notice tone="info">Sending {picked?.name ?? 'your gift'}…</Notice> : null}
          {snapshot.matches('sent') ? <Notice tone="success">{picked?.name ?? 'Your gift'} sent!</Notice> : null}
          {snapshot.matches({ refused: 'shortOfCoins' }) ? (
            <Notice
              tone="error"
              title="Not enough coins"
              action={
                <ButtonLink to="/coins" size="sm">
                  Get coins
                </ButtonLink>
              }
            >
              {picked ? `${picked.name} costs ${coinsText(picked.price)}. ` : ''}Nothing was taken; a coin pack tops you up.
            </Notice>
          ) : null}
          {snapshot.matches({ refused: 'otherwise' }) ? (
            <Notice tone="error" action={<Button size="sm" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>}>
              {error}
            </Notice>
          ) : null}
        </Body>
      </Dialog>
    </>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const Gifts = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${px(96)}, 1fr));
  gap: ${({ theme }) => px(theme.space[2])};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const GiftButton = styled.button`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  width: 100%;
  min-height: ${px(44)};
  padding: ${({ theme }) => px(theme.space[3])} ${({ theme }) => px(theme.space[2])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.purple};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.purple};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const GiftEmoji = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  line-height: 1;
`;

const Price = styled.span`
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Value = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
`;
