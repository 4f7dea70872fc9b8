import { useQueryClient } from '@tanstack/react-query';
import { CALL_NOT_MATCHED_MESSAGE, type CallPeer } from '../../../contract/calls';
import { callKeys } from '../../api/calls';
import { Avatar, Button, ButtonLink, Cluster, EmptyState, ErrorState, Stack, Text } from '../../ui';
import { useReturnHere } from '../auth/useReturnHere';
import { useLikeAction } from '../discovery/discover/useLikeAction';
import { CameraIcon } from '../media/media-icons';

/** A visitor: calls are between signed-in members, so there is no call here, only the way in. */
export function VisitorCallPrompt() {
  const returnHere = useReturnHere();
  return (
    <EmptyState
      icon={<CameraIcon />}
      title="Sign in to make video calls"
      text="Video calls are for members: sign in to call the people you matched with."
      action={
        <ButtonLink to="/login" search={returnHere}>
          Sign in
        </ButtonLink>
      }
    />
  );
}

/** `/video-call` without a person: calls start from a match. */
export function NoPeerPrompt() {
  return (
    <EmptyState
      icon={<CameraIcon />}
      title="Who would you like to call?"
      text="Video calls are with your matches: open a match and press Video Call."
      action={<ButtonLink to="/match">See your matches</ButtonLink>}
    />
  );
}

/** The person cannot be called (unknown, gone, or the answer did not come). */
export function PeerUnavailable({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <ErrorState
      title="This call can't start"
      text={message}
      action={onRetry ? { label: 'Try Again', onClick: onRetry } : <ButtonLink to="/users">Back to Discover</ButtonLink>}
    />
  );
}

/**
 * Someone the member has not matched with: calls open once both liked each
 * other, so the way forward is a Like. A like that matches opens the match
 * moment, and the screen asks again whether a call is possible.
 */
export function NotMatchedCall({ peer }: { peer: CallPeer }) {
  const queryClient = useQueryClient();
  const like = useLikeAction();
  const liked = like.isSuccess;
  const matched = like.data?.match === true;
  return (
    <EmptyState
      icon={<CameraIcon />}
      title="Calls open once you match"
      text={CALL_NOT_MATCHED_MESSAGE}
      action={
        <Stack gap={3} align="center">
          <Stack gap={1} align="center">
            <Avatar src={peer.avatar} name={peer.name} size={64} loading="eager" />
            <Text weight="semibold">{peer.name}</Text>
          </Stack>
          {liked ? (
            <Text size="sm" weight="semibold" tone={matched ? 'success' : 'muted'} role="status">
              {matched ? `It's a match! You can call ${peer.name} now.` : `You liked ${peer.name}.`}
            </Text>
          ) : null}
          <Cluster justify="center">
            {matched ? (
              <Button onClick={() => void queryClient.invalidateQueries({ queryKey: callKeys.peer(peer.id) })}>Call {peer.name}</Button>
            ) : (
              <Button
                variant={liked ? 'secondary' : 'primary'}
                loading={like.isPending}
                loadingLabel="Liking..."
                disabled={liked}
                onClick={() => like.mutate({ person: peer, type: 'like' })}
              >
                {liked ? 'Liked' : 'Like'}
              </Button>
            )}
            <ButtonLink to="/profile/{-$userId}" params={{ userId: peer.id }} variant="secondary">
              View profile
            </ButtonLink>
          </Cluster>
        </Stack>
      }
    />
  );
}
