import { useInfiniteQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { likesYouCount, likesYouQueryOptions } from '../../../api/likes-you';
import { ButtonLink, px } from '../../../ui';

const CountPill = styled.span`
  min-width: ${({ theme }) => px(theme.space[6])};
  padding-inline: ${({ theme }) => px(theme.space[2])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.purpleTint};
  color: ${({ theme }) => theme.colors.purpleDark};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  text-align: center;
`;

/** The way to Likes you from Matches, with how many wait once known: "Likes you 3", named "Likes you: 3". */
export function LikesYouLink() {
  const likesYou = useInfiniteQuery(likesYouQueryOptions());
  const count = likesYouCount(likesYou.data);
  return (
    <ButtonLink to="/likes-you" variant="secondary" aria-label={count === undefined ? undefined : `Likes you: ${count}`}>
      Likes you
      {count === undefined ? null : <CountPill>{count}</CountPill>}
    </ButtonLink>
  );
}
