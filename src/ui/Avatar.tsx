import { useState } from 'react';
import styled from 'styled-components';
import { photoSrcSet } from '../../contract/photos/urls';
import { px, theme as tokens } from './theme';
import { VisuallyHidden } from './VisuallyHidden';

export interface AvatarProps {
  src?: string | null;
  /** The person's name: the image's alt text and the source of the initials fallback. */
  name: string;
  /** Diameter in px. */
  size?: number;
  online?: boolean;
  /**
   * The screen writes the status beside the avatar ("Online", "Online now"):
   * the dot is then only seen, so a screen reader does not hear it twice.
   */
  statusShownBeside?: boolean;
  loading?: 'lazy' | 'eager';
  className?: string;
}

const Frame = styled.span<{ $size: number }>`
  position: relative;
  display: inline-block;
  flex: none;
  width: ${({ $size }) => px($size)};
  height: ${({ $size }) => px($size)};
`;

const Photo = styled.img`
  width: 100%;
  height: 100%;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  object-fit: cover;
  background: ${({ theme }) => theme.colors.neutralTint};
`;

const Initials = styled.span<{ $size: number }>`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: 100%;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.gradients.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  font-size: ${({ $size }) => px(Math.round($size * 0.4))};
  line-height: 1;
  user-select: none;
`;

const OnlineDot = styled.span<{ $dot: number }>`
  position: absolute;
  right: 0;
  bottom: 0;
  width: ${({ $dot }) => px($dot)};
  height: ${({ $dot }) => px($dot)};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.green};
  box-shadow: 0 0 0 ${({ theme }) => px(theme.sizes.dotRing)} ${({ theme }) => theme.colors.surface};
`;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

export function Avatar({ src, name, size = tokens.sizes.avatar, online = false, statusShownBeside = false, loading, className }: AvatarProps) {
  // Remember which source failed so a new src gets a fresh attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPhoto = Boolean(src) && src !== failedSrc;
  const srcSet = src ? photoSrcSet(src) : undefined;
  const dot = Math.max(tokens.sizes.onlineDot, Math.round(size / 5));

  return (
    <Frame $size={size} className={className}>
      {showPhoto && src ? (
        // An uploaded photo offers every stored width; the browser picks by the diameter and the screen's density.
        <Photo
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? px(size) : undefined}
          alt={name}
          width={size}
          height={size}
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <Initials role="img" aria-label={name} $size={size}>
          <span aria-hidden="true">{initialsOf(name)}</span>
        </Initials>
      )}
      {online && (
        <>
          <OnlineDot $dot={dot} aria-hidden="true" />
          {statusShownBeside ? null : <VisuallyHidden>Online</VisuallyHidden>}
        </>
      )}
    </Frame>
  );
}
