import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { photoIdOf } from '../../../../contract/photos/urls';
import type { User } from '../../../../contract/members/profile';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { Button, Notice } from '../../../ui';

export const PHOTO_NUDGE_TEXT = 'Profiles with a photo get far more likes.';

/** Whether the member has a photo of their own: an uploaded one, not only the generated avatar every account starts with. */
export function hasOwnPhoto(user: Pick<User, 'avatar' | 'photos'>): boolean {
  return photoIdOf(user.avatar) !== null || user.photos.some((url) => photoIdOf(url) !== null);
}

/**
 * A kind word, once, to a member without a photo of their own. Showing it
 * tells the server (photoNudgeSeen), so no device shows it again; it stays
 * on this screen until dismissed or left.
 */
export function PhotoNudge({ user }: { user: User }) {
  const queryClient = useQueryClient();
  // Decided from the account as it first read: the answer to the PATCH says it was seen, and the note must not vanish under the member's eyes.
  const [shown, setShown] = useState(() => !user.photoNudgeSeen && !hasOwnPhoto(user));
  const recordSeen = useMutation({
    mutationFn: () => updateMyProfile({ photoNudgeSeen: true }),
    onSuccess: (saved) => queryClient.setQueryData(currentUserQueryOptions().queryKey, saved),
  });
  const { mutate } = recordSeen;
  // Once per showing, StrictMode's second run of the effect included.
  const recorded = useRef(false);
  useEffect(() => {
    if (!shown || recorded.current) return;
    recorded.current = true;
    mutate();
  }, [shown, mutate]);

  if (!shown) return null;
  return (
    <Notice
      tone="info"
      action={
        <Button variant="ghost" size="sm" aria-label="Dismiss photo tip" onClick={() => setShown(false)}>
          Dismiss
        </Button>
      }
    >
      {PHOTO_NUDGE_TEXT}{' '}
      <Link to="/profile/{-$userId}" params={{}}>
        Add one <span aria-hidden="true">→</span>
      </Link>
    </Notice>
  );
}
