import styled from 'styled-components';
import { px, theme } from '../../ui';

const ANIMATIONS = {
  coins: { moving: '/animations/coins.svg', still: '/animations/coins-still.svg' },
  vip: { moving: '/animations/vip.svg', still: '/animations/vip-still.svg' },
} as const;

const SIZES = { sm: theme.space[16], md: theme.space[16] + theme.space[8] } as const;

/**
 * SPEC section 7's coin and VIP animations, served from the app itself.
 * Decorative (empty alt). Under prefers-reduced-motion the browser picks the
 * still picture, and the moving one also stops itself if shown anyway.
 */
export function StoreAnimation({ kind, size = 'md' }: { kind: keyof typeof ANIMATIONS; size?: 'sm' | 'md' }) {
  const files = ANIMATIONS[kind];
  const dimension = size === 'sm' ? SIZES.sm : SIZES.md;
  return (
    <Picture data-animation={kind}>
      <source media="(prefers-reduced-motion: reduce)" srcSet={files.still} />
      <Image src={files.moving} alt="" width={dimension} height={dimension} $size={dimension} />
    </Picture>
  );
}

const Picture = styled.picture`
  display: inline-flex;
  flex: none;
`;

const Image = styled.img<{ $size: number }>`
  width: ${({ $size }) => px($size)};
  height: ${({ $size }) => px($size)};
`;
