import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { photoIdOf } from '../../../../contract/photos/urls';
import type { User } from '../../../../contract/members/profile';
import { MESSAGES_NOT_MATCHED_MESSAGE } from '../../../../contract/messaging';
import { ApiError } from '../../../api/client';
import { currentUserQueryOptions, publicProfileQueryOptions } from '../../../api/members';
import { loadedByRoute } from '../../../lib/page-data';
import { Button, ButtonLink, Card, Container, ErrorState, FocusedNotice, Notice, px, Skeleton, Stack } from '../../../ui';
import { SignInPrompt } from '../../auth/SignInPrompt';
import { useLikeAction } from '../../discovery/discover/useLikeAction';
import { CameraIcon } from '../../media/media-icons';
import { ReportOrBlock } from '../../safety/ReportOrBlock';
import { useLeaveAfterBlock } from '../../safety/useLeaveAfterBlock';
import { PhotoManager } from '../../photos/PhotoManager';
import { EditProfileDialog } from './EditProfileDialog';
import { ProfileView } from './ProfileView';
import { SettingsDialog } from './SettingsDialog';
import type { currentPosition } from './geolocation';

/** SPEC calls Go Live a link; beside outlined buttons, a camera says it is an action and what kind. */
const LinkIcon = styled.span`
  display: inline-flex;
  width: 20px;
  height: 20px;
  & > svg {
    width: 100%;
    height: 100%;
  }
`;

const Padded = styled(Container)`
  padding-block: ${({ theme }) => px(theme.space[6])};

  ${({ theme }) => theme.media.tablet} {
    padding-block: ${({ theme }) => px(theme.space[8])};
  }
`;

function LoadingProfile() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading profile">
      <Stack gap={3} align="center">
        <Skeleton shape="circle" width={112} height={112} />
        <Skeleton width="40%" />
        <Skeleton width="60%" />
      </Stack>
    </Card>
  );
}

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  // The session ended while the page was open (it expired, or the member
  // signed this device out from another one): trying again cannot help, signing
  // in can. Why it ended is the signed-out notice's to say, above the page.
  // Visitors never get here, the route sends them to Login first.
  if (error instanceof ApiError && error.status === 401) {
    return (
      <Card>
        <SignInPrompt title="Sign in to see profiles" text="Profiles, your own included, are for members." />
      </Card>
    );
  }
  return <ErrorState title="Error Loading Profile" text={error.message} action={{ label: 'Try Again', onClick: onRetry }} />;
}

function OwnProfile({ user, locate }: { user: User; locate?: typeof currentPosition }) {
  const [dialog, setDialog] = useState<'edit' | 'settings' | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <ProfileView
        user={user}
        photoManager={<PhotoManager />}
        notice={saved ? <Notice tone="success">Profile updated</Notice> : null}
        actions={
          <>
            <Button
              onClick={() => {
                setSaved(false);
                setDialog('edit');
              }}
            >
              Edit Profile
            </Button>
            <Button variant="secondary" onClick={() => setDialog('settings')}>
              Settings
            </Button>
            <ButtonLink to="/vip" variant="secondary">
              Upgrade to VIP
            </ButtonLink>
            <ButtonLink to="/live-stream" variant="ghost">
              <LinkIcon>
                <CameraIcon />
              </LinkIcon>
              Go Live
            </ButtonLink>
          </>
        }
      />
      {dialog === 'edit' ? (
        <EditProfileDialog
          user={user}
          open
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setSaved(true);
          }}
        />
      ) : null}
      <SettingsDialog user={user} open={dialog === 'settings'} onClose={() => setDialog(null)} locate={locate} />
    </>
  );
}

function OtherProfile({ userId, alert }: { userId: string; alert?: (message: string) => void }) {
  const profile = useQuery({ ...publicProfileQueryOptions(userId), ...loadedByRoute });
  const like = useLikeAction(alert);
  const leaveAfterBlock = useLeaveAfterBlock();
  // Message before a match explains itself beside Like instead of opening a chat that cannot exist.
  const [askedToMessage, setAskedToMessage] = useState(false);
  if (profile.isPending) return <LoadingProfile />;
  if (profile.isError) return <LoadFailed error={profile.error} onRetry={() => void profile.refetch()} />;

  const { user, relationship } = profile.data;
  const liked = like.isSuccess || relationship.decision === 'like' || relationship.decision === 'super';
  const matched = like.data?.match ?? relationship.isMatch;
  const person = { id: user._id, name: user.profile.name.trim() || user.username };
  return (
    <ProfileView
      user={user}
      photoAction={({ url, index }) => {
        // Only a photo they uploaded can be reported as a photo; the generated pictures are Orbit's own.
        const photoId = photoIdOf(url);
        return photoId ? (
          <ReportOrBlock person={person} photo={{ id: photoId, url, label: `${person.name}, photo ${index + 1}` }} onBlocked={leaveAfterBlock} />
        ) : null;
      }}
      notice={
        <>
          <div role="status">{matched ? <Notice tone="success">{`It's a match! 🎉 You and ${user.profile.name} like each other.`}</Notice> : null}</div>
          {!matched && askedToMessage ? <FocusedNotice tone="info" message={MESSAGES_NOT_MATCHED_MESSAGE} /> : null}
        </>
      }
      actions={
        <>
          <Button loading={like.isPending} loadingLabel="Liking..." disabled={liked} onClick={() => like.mutate({ person: { ...person, avatar: user.profile.avatar }, type: 'like' })}>
            {liked ? 'Liked' : 'Like'}
          </Button>
          <ButtonLink to="/video-call/{-$userId}" params={{ userId: user._id }} variant="secondary">
            Video Call
          </ButtonLink>
          {matched ? (
            <ButtonLink to="/messages" search={{ with: user._id }} variant="secondary">
              Message
            </ButtonLink>
          ) : (
            <Button variant="secondary" onClick={() => setAskedToMessage(true)}>
              Message
            </Button>
          )}
        </>
      }
      moreActions={<ReportOrBlock person={person} onBlocked={leaveAfterBlock} />}
    />
  );
}

export interface ProfileScreenProps {
  /** Absent: the signed-in person's own profile. */
  userId?: string;
  alert?: (message: string) => void;
  locate?: typeof currentPosition;
}

/** SPEC's Profile: one's own (edit, settings, VIP, go live) or another person's (like, call, message). */
export function ProfileScreen({ userId, alert, locate }: ProfileScreenProps) {
  const me = useQuery({ ...currentUserQueryOptions(), ...loadedByRoute });
  // Opening one's own id shows the own profile, with its actions.
  const ownId = me.data?._id;
  const showOwn = !userId || userId === ownId;

  let content;
  if (!showOwn) content = <OtherProfile userId={userId} alert={alert} />;
  else if (me.isPending) content = <LoadingProfile />;
  else if (me.isError) content = <LoadFailed error={me.error} onRetry={() => void me.refetch()} />;
  else content = <OwnProfile user={me.data} locate={locate} />;

  return <Padded>{content}</Padded>;
}
