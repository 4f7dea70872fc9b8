import { useId } from 'react';
import styled from 'styled-components';
import type { CoinPack } from '../../../contract/store/listings';
import type { PurchaseItem } from '../../../machines/store/purchase.machine';
import { Badge, Button, px } from '../../ui';
import { CatalogueGrid, FlagRow, OfferAction, OfferCard, OfferName, OfferPrice } from './CatalogueGrid';
import { CoinIcon } from './StoreIcons';
import { formatCount, formatPrice } from './format';
import type { PurchaseFlow } from './usePurchase';

export function coinPackItem(pack: CoinPack): PurchaseItem {
  return { kind: 'coinPack', id: pack._id, name: pack.name, priceLabel: formatPrice(pack.price) };
}

interface CoinPackCardProps {
  pack: CoinPack;
  flow: Pick<PurchaseFlow, 'buy' | 'pendingItem'>;
}

export function CoinPackCard({ pack, flow }: CoinPackCardProps) {
  const nameId = useId();
  const pending = flow.pendingItem?.id === pack._id;
  return (
    <OfferCard forwardedAs="article" aria-labelledby={nameId} $featured={pack.popular}>
      <FlagRow>{pack.popular && <Badge tone="vip">MOST POPULAR</Badge>}</FlagRow>
      <CoinBubble aria-hidden="true">
        <CoinIcon />
      </CoinBubble>
      <OfferName id={nameId}>{pack.name}</OfferName>
      <Amount>
        <strong>{formatCount(pack.coins)}</strong> coins
      </Amount>
      <OfferPrice>{formatPrice(pack.price)}</OfferPrice>
      <OfferAction>
        <Button
          type="button"
          fullWidth
          variant={pack.popular ? 'primary' : 'secondary'}
          loading={pending}
          loadingLabel="Processing..."
          disabled={flow.pendingItem !== null && !pending}
          onClick={() => flow.buy(coinPackItem(pack))}
        >
          Buy Now
        </Button>
      </OfferAction>
    </OfferCard>
  );
}

/** Every pack on sale, in the admin's order. */
export function CoinPackGrid({ packs, flow }: { packs: readonly CoinPack[]; flow: CoinPackCardProps['flow'] }) {
  return (
    <CatalogueGrid $phoneColumns={2} $columns={4}>
      {packs.map((pack) => (
        <li key={pack._id}>
          <CoinPackCard pack={pack} flow={flow} />
        </li>
      ))}
    </CatalogueGrid>
  );
}

const CoinBubble = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[12])};
  height: ${({ theme }) => px(theme.space[12])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.vipTint};

  & svg {
    width: ${({ theme }) => px(theme.space[8])};
    height: ${({ theme }) => px(theme.space[8])};
  }
`;

const Amount = styled.p`
  color: ${({ theme }) => theme.colors.muted};

  & strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => px(theme.font.sizes.xl)};
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }
`;
