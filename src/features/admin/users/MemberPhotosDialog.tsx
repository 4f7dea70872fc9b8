import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { AdminUser } from '../../../../contract/admin/console';
import type { MemberPhoto } from '../../../../contract/photos/photos';
import { adminKeys } from '../../../api/admin/console';
import { adminReportKeys } from '../../../api/admin/reports';
import { adminPhotoKeys, adminMemberPhotosQueryOptions, removeMemberPhoto } from '../../../api/photos/admin';
import { Button, Dialog, Heading, Notice, px, Stack, Text, theme } from '../../../ui';
import { AdminPhoto } from '../shared/AdminPhoto';
import { LoadFailedNotice, LoadingState } from '../shared/LoadStates';

const THUMB = theme.space[16] * 2;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${px(THUMB)}, 1fr));
  gap: ${({ theme }) => px(theme.space[3])};
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => px(theme.space[2])};
  }
`;

/** Takes focus when the dialog changes view, without joining the tab order. */
const FocusHeading = styled(Heading)`
  &:focus {
    outline: none;
  }
`;

export interface MemberPhotosDialogProps {
  user: AdminUser;
  onClose: () => void;
}

/**
 * A member's photos as a moderator sees them, each with Remove: asked first,
 * then removed, and the member is told by a notice (the server's doing).
 */
export function MemberPhotosDialog({ user, onClose }: MemberPhotosDialogProps) {
  const queryClient = useQueryClient();
  const photos = useQuery(adminMemberPhotosQueryOptions(user._id));
  const [confirming, setConfirming] = useState<{ photo: MemberPhoto; position: number } | null>(null);
  const remove = useMutation({
    mutationFn: (photo: MemberPhoto) => removeMemberPhoto(user._id, photo.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminPhotoKeys.member(user._id), answer.photos);
      setConfirming(null);
      // A report about the photo now shows it removed; the member's avatar in the list may have been it.
      void queryClient.invalidateQueries({ queryKey: adminReportKeys.all() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
    },
  });

  // Each change of view puts focus on its heading, so a screen reader says where the moderator is.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [confirming]);

  const label = (position: number) => `Photo ${position} of ${user.username}`;

  if (confirming) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={`Photos of ${user.name}`}
        footer={
          <>
            <Button type="button" variant="secondary" disabled={remove.isPending} onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button type="button" variant="danger" loading={remove.isPending} loadingLabel="Removing..." onClick={() => remove.mutate(confirming.photo)}>
              Remove photo
            </Button>
          </>
        }
      >
        <Stack gap={3}>
          <FocusHeading level={3} tabIndex={-1} ref={headingRef}>
            Remove this photo?
          </FocusHeading>
          <AdminPhoto url={confirming.photo.url} alt={label(confirming.position)} size={THUMB} />
          <Text>{`It leaves ${user.name}'s profile at once, and they are told a moderator removed it.`}</Text>
          {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
        </Stack>
      </Dialog>
    );
  }

  let body;
  if (photos.isPending) body = <LoadingState label="Loading photos" />;
  else if (photos.isError) body = <LoadFailedNotice onRetry={() => void photos.refetch()}>{photos.error.message}</LoadFailedNotice>;
  else if (photos.data.length === 0) body = <Text tone="muted">{`${user.name} has no photos of their own.`}</Text>;
  else {
    body = (
      <Grid aria-label="Photos">
        {photos.data.map((photo, index) => (
          <li key={photo.id}>
            <AdminPhoto url={photo.url} alt={label(index + 1)} size={THUMB} />
            <Button
              type="button"
              size="sm"
              variant="danger"
              aria-label={`Remove photo ${index + 1} of ${user.username}`}
              onClick={() => {
                remove.reset();
                setConfirming({ photo, position: index + 1 });
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </Grid>
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Photos of ${user.name}`}>
      <Stack gap={4}>
        <FocusHeading level={3} tabIndex={-1} ref={headingRef}>
          {`@${user.username}'s photos`}
        </FocusHeading>
        <div role="status">{remove.isSuccess ? <Notice tone="success">{remove.data.message}</Notice> : null}</div>
        {body}
      </Stack>
    </Dialog>
  );
}
