import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { LikeType } from '../../../../contract/discovery';
import type { Admirer } from '../../../../contract/likes-you';
import { forgetAdmirer, heldAdmirers, likesYouCount, likesYouQueryOptions } from '../../../api/likes-you';
import { loadedByRoute } from '../../../lib/page-data';
import { SignInPrompt } from '../../auth/SignInPrompt';
import { Button, ButtonLink, Card, EmptyState, ErrorState, Heading, ScreenFrame, Stack, VisuallyHidden } from '../../../ui';
import { AdmirerCard } from './AdmirerCard';
import { AdmirerGrid } from './card-layout';
import { LoadingAdmirers } from './LoadingAdmirers';
import { likesYouText, LockedLikes } from './LockedLikes';

export interface LikesYouScreenProps {
  /** Where a failed like or pass is told ("Failed to like user"); window.alert in the app. */
  alert?: (message: string) => void;
  /** Signed out: likes belong to an account, so a visitor is asked to sign in. */
  visitor?: boolean;
}

const TITLE = 'Likes You';
const SUBTITLE = 'People who liked you and are waiting for your answer.';

/** VIP's "See who liked you": the people who liked the member, or for a free member how many. */
export function LikesYouScreen({ alert, visitor = false }: LikesYouScreenProps) {
  if (!visitor) return <MemberLikesYou alert={alert} />;
  return (
    <ScreenFrame title={TITLE} subtitle={SUBTITLE}>
      <Card>
        <SignInPrompt title="Sign in to see who likes you" text="When someone likes you, you can see how many here, and with VIP who they are." />
      </Card>
    </ScreenFrame>
  );
}

function MemberLikesYou({ alert }: Pick<LikesYouScreenProps, 'alert'>) {
  const queryClient = useQueryClient();
  const likesYou = useInfiniteQuery({ ...likesYouQueryOptions(), ...loadedByRoute });
  const countHeading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const decided = (person: Admirer, type: LikeType) => {
    forgetAdmirer(queryClient, person.id);
    // A like back opens the match moment, which takes focus; a pass leaves focus nowhere, so it goes to the count.
    if (type === 'dislike') {
      setAnnouncement(`You passed on ${person.name}.`);
      countHeading.current?.focus();
    } else {
      setAnnouncement(`You liked ${person.name} back.`);
    }
    // Every card held was decided while more people wait: the newest page again.
    const data = queryClient.getQueryData(likesYouQueryOptions().queryKey);
    if (heldAdmirers(data).length === 0 && (likesYouCount(data) ?? 0) > 0) void likesYou.refetch();
  };

  let body;
  const firstPage = likesYou.data?.pages[0];
  const people = heldAdmirers(likesYou.data);
  // Loading, or asking again after a failure (Try Again): the cards' outline while the answer comes.
  if (!firstPage && (likesYou.isPending || likesYou.isFetching)) {
    body = <LoadingAdmirers />;
  } else if (!firstPage) {
    body = (
      <ErrorState title="Error Loading Likes" text={likesYou.error?.message} action={{ label: 'Try Again', onClick: () => void likesYou.refetch() }} />
    );
  } else if (firstPage.count === 0) {
    body = (
      <EmptyState
        title="No new likes yet"
        text="When someone likes you, they show up here. Keep discovering people so more of them see you."
        action={
          <ButtonLink to="/users" variant="primary">
            Discover People
          </ButtonLink>
        }
      />
    );
  } else if (firstPage.access === 'locked') {
    body = <LockedLikes count={firstPage.count} headingRef={countHeading} />;
  } else if (people.length === 0) {
    body = <LoadingAdmirers />;
  } else {
    body = (
      <Stack gap={4}>
        <Heading level={2} size="lg" id="likes-you-count" ref={countHeading} tabIndex={-1}>
          {likesYouText(firstPage.count)}
        </Heading>
        <AdmirerGrid aria-labelledby="likes-you-count">
          {people.map((person) => (
            <li key={person.id}>
              <AdmirerCard person={person} onDecided={decided} alert={alert} />
            </li>
          ))}
        </AdmirerGrid>
        {likesYou.hasNextPage ? (
          <Button variant="secondary" loading={likesYou.isFetchingNextPage} onClick={() => void likesYou.fetchNextPage()}>
            Show more
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <ScreenFrame title={TITLE} subtitle={SUBTITLE}>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {body}
    </ScreenFrame>
  );
}
