import styled from 'styled-components';
import { Photo, px } from '../../../ui';

const Picture = styled(Photo)<{ $size: number }>`
  display: block;
  width: ${({ $size }) => px($size)};
  height: ${({ $size }) => px($size)};
  object-fit: cover;
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.neutralTint};
`;

/** A member's photo as a moderator looks at it: a square of `size` px, the smallest stored width that fills it. */
export function AdminPhoto({ url, alt, size }: { url: string; alt: string; size: number }) {
  return <Picture src={url} alt={alt} width={size} height={size} sizes={px(size)} $size={size} />;
}
