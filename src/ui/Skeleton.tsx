import styled, { keyframes } from 'styled-components';
import { px } from './theme';

type SkeletonShape = 'text' | 'circle' | 'block';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const SkeletonBlock = styled.span<{ $shape: SkeletonShape; $width: string; $height: string }>`
  display: block;
  max-width: 100%;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme, $shape }) =>
    px($shape === 'circle' ? theme.radii.pill : $shape === 'block' ? theme.radii.card : theme.radii.input)};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.skeleton} 25%,
    ${({ theme }) => theme.colors.skeletonShine} 50%,
    ${({ theme }) => theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} ${({ theme }) => theme.motion.shimmer};
`;

export interface SkeletonProps {
  shape?: SkeletonShape;
  /** A number is px, a string any CSS length ('60%'). Defaults: full width text line. */
  width?: number | string;
  height?: number | string;
  className?: string;
}

const toLength = (value: number | string): string => (typeof value === 'number' ? px(value) : value);

/**
 * A placeholder while data loads. Decorative: pair it with a Spinner or a
 * `aria-busy` container so screen readers hear that something is loading.
 */
export function Skeleton({ shape = 'text', width, height, className }: SkeletonProps) {
  const fallback = { text: { width: '100%', height: '1em' }, block: { width: '100%', height: '8em' }, circle: { width: '3em', height: '3em' } }[shape];
  // A circle stays round when only one side is given.
  const resolvedWidth = width ?? (shape === 'circle' ? height : undefined) ?? fallback.width;
  const resolvedHeight = height ?? (shape === 'circle' ? width : undefined) ?? fallback.height;
  return (
    <SkeletonBlock
      aria-hidden="true"
      className={className}
      $shape={shape}
      $width={toLength(resolvedWidth)}
      $height={toLength(resolvedHeight)}
    />
  );
}
