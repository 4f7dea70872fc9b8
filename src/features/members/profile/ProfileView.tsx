import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PublicUser, User } from '../../../../contract/members/profile';
import { EmailVerificationStatus } from '../../auth/EmailVerificationStatus';
import { GENDER_LABELS } from './gender-labels';
import { Avatar, Badge, Card, CardTitle, Heading, mediaConditions, Photo, px, Stack, Text, theme as tokens } from '../../../ui';
import { DemoBadge } from '../DemoBadge';

/** SPEC section 9: at most 6 photos. */
export const PROFILE_PHOTOS_SHOWN = 6;

/** Three to a row: a third of the wide column from desktop up, a third of the screen below it. */
const GALLERY_SIZES = `${mediaConditions.desktop} ${Math.round((tokens.sizes.containerMax * 2) / 3 / 3)}px, 33vw`;

const Header = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  text-align: center;

  ${({ theme }) => theme.media.tablet} {
    flex-direction: row;
    align-items: center;
    text-align: left;
  }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[3])};
  text-align: center;

  & dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }
  & dd {
    font-size: ${({ theme }) => px(theme.font.sizes.lg)};
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }
`;

/** Centred under the photo on a phone, left-aligned beside it from tablet up. */
const HeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[2])};

  ${({ theme }) => theme.media.tablet} {
    justify-content: flex-start;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[6])};
  min-width: 0;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Photos = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;

  & > li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => px(theme.space[1])};
    min-width: 0;
  }

  & img {
    width: 100%;
    height: auto;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => px(theme.radii.input)};
    background: ${({ theme }) => theme.colors.neutralTint};
  }
`;

const InfoList = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => `${px(theme.space[2])} ${px(theme.space[4])}`};

  & dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  & dd {
    overflow-wrap: anywhere;
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

/** An address too long for a phone's column wraps after the @ first, not mid-word ('example.co' / 'm'). */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function formatDate(iso: string | null): string {
  if (!iso) return 'Unknown';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export interface ProfileViewProps {
  /** The owner's record (with email and coins) or another person's public one. */
  user: User | PublicUser;
  /** Edit Profile, Settings, ... or Like, Video Call, Message. */
  actions: ReactNode;
  /** A quieter row under the actions, e.g. "Report or block". */
  moreActions?: ReactNode;
  /** Shown above the details, e.g. a match notice. */
  notice?: ReactNode;
  /** Under each photo of the gallery, e.g. "Report photo" on another member's profile. */
  photoAction?: (photo: { url: string; index: number }) => ReactNode;
  /** In place of the gallery: the owner's own photo manager (add, order, delete). */
  photoManager?: ReactNode;
}

/** Everything SPEC's Profile shows; another person's email and coins are never in their record. */
export function ProfileView({ user, actions, moreActions, notice, photoAction, photoManager }: ProfileViewProps) {
  const { profile } = user;
  const email = 'email' in user ? user.email : null;
  const emailVerified = 'emailVerified' in user ? user.emailVerified : null;
  const coins = 'coins' in user ? user.coins : null;
  const photos = profile.photos.slice(0, PROFILE_PHOTOS_SHOWN);
  // One's own profile has the time; another's only a coarse text ('Active this week'), empty when they hide it.
  const lastSeen = 'lastSeen' in profile ? (user.isOnline ? 'Online now' : formatDate(profile.lastSeen)) : profile.lastActive;

  return (
    <Stack gap={6}>
      <Header forwardedAs="section" aria-label="Profile summary">
        <Avatar src={profile.avatar} name={profile.name} size={112} online={user.isOnline} statusShownBeside loading="eager" />
        <Stack gap={2}>
          <Heading level={1}>
            {profile.name}
            {profile.age !== null ? `, ${profile.age}` : ''}
          </Heading>
          <HeaderRow>
            {profile.isVerified ? <Badge tone="verified">Verified</Badge> : null}
            {profile.isVIP ? <Badge tone="vip">VIP</Badge> : null}
            {user.isOnline ? <Badge tone="online">Online</Badge> : null}
            {'isDemo' in user ? <DemoBadge person={user} /> : null}
          </HeaderRow>
          {profile.location ? <Text tone="muted">{profile.location}</Text> : null}
          {/* No followers or following: Orbit has no following, and counts of it would mean nothing (issue 51). */}
          {coins !== null ? (
            <Stats>
              <div>
                <dt>Coins</dt>
                <dd>{coins}</dd>
              </div>
            </Stats>
          ) : null}
          <HeaderRow>{actions}</HeaderRow>
          {moreActions ? <HeaderRow>{moreActions}</HeaderRow> : null}
        </Stack>
      </Header>
      {notice}
      <Columns>
        <Stack gap={6}>
          <Card as="section" aria-labelledby="profile-about">
            <CardTitle id="profile-about">About</CardTitle>
            {profile.bio ? <Text>{profile.bio}</Text> : <Text tone="muted">Nothing here yet.</Text>}
          </Card>
          <Card as="section" aria-labelledby="profile-interests">
            <CardTitle id="profile-interests">Interests</CardTitle>
            {profile.interests.length === 0 ? (
              <Text tone="muted">No interests added yet.</Text>
            ) : (
              <Chips>
                {profile.interests.map((interest) => (
                  <li key={interest}>
                    <Badge tone="neutral">{interest}</Badge>
                  </li>
                ))}
              </Chips>
            )}
          </Card>
          <Card as="section" aria-labelledby="profile-photos">
            <CardTitle id="profile-photos">Photos</CardTitle>
            {photoManager ?? (photos.length === 0 ? (
              <Text tone="muted">No photos yet.</Text>
            ) : (
              <Photos>
                {photos.map((photo, index) => (
                  <li key={photo}>
                    <Photo src={photo} alt={`${profile.name}, photo ${index + 1}`} width={200} height={200} sizes={GALLERY_SIZES} />
                    {photoAction?.({ url: photo, index })}
                  </li>
                ))}
              </Photos>
            ))}
          </Card>
        </Stack>
        <Stack gap={6}>
          <Card as="section" aria-labelledby="profile-info">
            <CardTitle id="profile-info">Profile Info</CardTitle>
            <InfoList>
              <dt>Username</dt>
              <dd>{user.username}</dd>
              {email !== null ? (
                <>
                  <dt>Email</dt>
                  <dd>
                    {breakableEmail(email)}
                    {emailVerified !== null ? <EmailVerificationStatus verified={emailVerified} /> : null}
                  </dd>
                </>
              ) : null}
              <dt>Gender</dt>
              <dd>{profile.gender ? GENDER_LABELS[profile.gender] : 'Not set'}</dd>
              <dt>Language</dt>
              <dd>{profile.language}</dd>
              {lastSeen ? (
                <>
                  <dt>Last seen</dt>
                  <dd>{lastSeen}</dd>
                </>
              ) : null}
            </InfoList>
          </Card>
          {/* Only one's own: another member's VIP shows as their badge. */}
          {coins !== null ? (
            <Card as="section" aria-labelledby="profile-vip">
              <CardTitle id="profile-vip">VIP Status</CardTitle>
              <InfoList>
                <dt>Level</dt>
                {/* The stored level is a default ('Gold') until someone buys VIP; beside 'Not a VIP member' it read as a contradiction. */}
                <dd>{profile.isVIP ? profile.vipLevel : '—'}</dd>
                <dt>Status</dt>
                <dd>{profile.isVIP ? 'Active' : 'Not a VIP member'}</dd>
                <dt>Expires</dt>
                <dd>{profile.vipUntil ? new Date(profile.vipUntil).toLocaleDateString(undefined, { dateStyle: 'medium' }) : profile.isVIP ? 'No expiry' : '—'}</dd>
              </InfoList>
            </Card>
          ) : null}
        </Stack>
      </Columns>
    </Stack>
  );
}
