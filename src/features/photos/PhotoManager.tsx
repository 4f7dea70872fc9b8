import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import styled, { css } from 'styled-components';
import { PHOTOS_FULL_MESSAGE, PHOTOS_MAX, type MemberPhoto, type PhotosResponse } from '../../../contract/photos/photos';
import { deletePhoto, keepPhotosResponse, myPhotosQueryOptions, reorderPhotos, uploadPhoto } from '../../api/photos/photos';
import { Badge, Button, Dialog, ErrorState, IconButton, mediaConditions, Notice, Photo, px, Skeleton, Text, theme as tokens, VisuallyHidden, visuallyHiddenStyles } from '../../ui';
import { movedOrder } from './photo-order';
import { PHOTO_ACCEPT, photoFileProblem, photoForUpload, type HeicConverter } from './photo-file';
import { AddPhotoIcon, DeleteIcon, EarlierIcon, LaterIcon, MainPhotoIcon, TakePhotoIcon } from './photo-icons';

export interface PhotoManagerProps {
  /** HEIC/HEIF to JPEG; the browser's own decoder unless a test passes another. */
  convertHeic?: HeicConverter;
}

type UploadStatus = 'waiting' | 'converting' | 'uploading';
interface Upload {
  key: number;
  name: string;
  status: UploadStatus;
}
const UPLOAD_STATUS_TEXT: Record<UploadStatus, string> = { waiting: 'Waiting…', converting: 'Preparing…', uploading: 'Uploading…' };

type MoveButton = 'earlier' | 'later' | 'main';
interface ReorderRequest {
  order: string[];
  photoId: string;
  /** Which button moved it (focus goes back to it, or to its neighbour when it no longer applies). */
  via: MoveButton | 'drag';
}

const REORDER_SCOPE = { id: 'my-photo-order' };

function photoLabel(index: number, count: number): string {
  return index === 0 ? `Photo 1 of ${count}, your main photo` : `Photo ${index + 1} of ${count}`;
}

/**
 * The member's own photos (up to 6; the first is the main photo): add by
 * picking files or, on a phone, with the camera; each file is checked here
 * before anything is sent, HEIC is turned into JPEG where the browser can
 * open it. Reorder by dragging or with the buttons on each photo (keyboard
 * and screen readers), delete after a confirmation. TanStack Query holds the
 * photos: every answer replaces both the photos and the account in its cache.
 */
export function PhotoManager({ convertHeic }: PhotoManagerProps) {
  const queryClient = useQueryClient();
  const photosQuery = useQuery(myPhotosQueryOptions());
  const photos = photosQuery.data?.photos ?? [];
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<MemberPhoto | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfter = useRef<{ photoId: string; via: MoveButton | 'drag' } | 'picker' | null>(null);
  const pickerId = useId();
  const cameraId = useId();
  const pickerRef = useRef<HTMLInputElement>(null);

  const upload = useMutation({
    mutationFn: (file: Blob) => uploadPhoto(file),
    onSuccess: (response) => keepPhotosResponse(queryClient, response),
  });

  const reorder = useMutation({
    mutationFn: ({ order }: ReorderRequest) => reorderPhotos(order),
    scope: REORDER_SCOPE,
    onMutate: async ({ order, photoId, via }) => {
      const key = myPhotosQueryOptions().queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PhotosResponse>(key);
      if (previous) {
        const byId = new Map(previous.photos.map((photo) => [photo.id, photo]));
        const reordered = order.flatMap((id, position) => {
          const photo = byId.get(id);
          return photo ? [{ ...photo, position }] : [];
        });
        queryClient.setQueryData<PhotosResponse>(key, { ...previous, photos: reordered });
      }
      focusAfter.current = { photoId, via };
      return { previous };
    },
    onError: (error, _request, context) => {
      if (context?.previous) queryClient.setQueryData(myPhotosQueryOptions().queryKey, context.previous);
      setProblems([error.message]);
    },
    onSuccess: (response, { photoId }) => {
      keepPhotosResponse(queryClient, response);
      const index = response.photos.findIndex((photo) => photo.id === photoId);
      if (index === 0) setAnnouncement(`Moved. This is now your main photo.`);
      else if (index > 0) setAnnouncement(`Moved to position ${index + 1} of ${response.photos.length}.`);
    },
  });

  const remove = useMutation({
    mutationFn: (photo: MemberPhoto) => deletePhoto(photo.id),
    onSuccess: (response, photo) => {
      const index = photos.findIndex((shown) => shown.id === photo.id);
      const next = response.photos[Math.min(index, response.photos.length - 1)];
      focusAfter.current = next ? { photoId: next.id, via: 'drag' } : 'picker';
      keepPhotosResponse(queryClient, response);
      setConfirming(null);
      setAnnouncement(`Photo deleted. You have ${response.photos.length} of ${PHOTOS_MAX} photos.`);
    },
  });

  // After a move or a delete, focus goes back where the member was working:
  // the same button on the moved photo, or its neighbour when that button no longer applies.
  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    if (target === 'picker') {
      pickerRef.current?.focus();
      return;
    }
    const order: Array<MoveButton | 'delete'> =
      target.via === 'drag' ? ['delete'] : target.via === 'main' ? ['main', 'later', 'delete'] : [target.via, target.via === 'earlier' ? 'later' : 'earlier', 'delete'];
    for (const kind of order) {
      const button = buttons.current.get(`${target.photoId}:${kind}`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [photosQuery.data]);

  const buttonRef = (photoId: string, kind: MoveButton | 'delete') => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${photoId}:${kind}`, element);
    else buttons.current.delete(`${photoId}:${kind}`);
  };

  const setUploadStatus = (key: number, status: UploadStatus) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, status } : item)));

  const addFiles = (files: File[]) => {
    const found: string[] = [];
    let room = PHOTOS_MAX - photos.length - uploads.length;
    const accepted: Array<{ key: number; file: File }> = [];
    for (const file of files) {
      const problem = photoFileProblem(file);
      if (problem) {
        found.push(`${file.name}: ${problem}`);
      } else if (room <= 0) {
        if (!found.includes(PHOTOS_FULL_MESSAGE)) found.push(PHOTOS_FULL_MESSAGE);
      } else {
        room -= 1;
        nextKey.current += 1;
        accepted.push({ key: nextKey.current, file });
      }
    }
    setProblems(found);
    if (accepted.length === 0) return;
    setUploads((current) => [...current, ...accepted.map(({ key, file }) => ({ key, name: file.name, status: 'waiting' as const }))]);
    setAnnouncement(accepted.length === 1 ? 'Uploading 1 photo…' : `Uploading ${accepted.length} photos…`);
    // One at a time: each answer is the whole list, so answers in order keep it right.
    for (const { key, file } of accepted) {
      queue.current = queue.current.then(async () => {
        try {
          setUploadStatus(key, 'converting');
          const body = await photoForUpload(file, convertHeic);
          setUploadStatus(key, 'uploading');
          const response = await upload.mutateAsync(body);
          setAnnouncement(`Photo added. You have ${response.photos.length} of ${PHOTOS_MAX} photos.`);
        } catch (error) {
          const message = error instanceof Error && error.message ? error.message : 'Failed to upload photo';
          setProblems((current) => [...current, `${file.name}: ${message}`]);
        } finally {
          setUploads((current) => current.filter((item) => item.key !== key));
        }
      });
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again is still a change.
    event.target.value = '';
    if (files.length) addFiles(files);
  };

  const move = (photo: MemberPhoto, to: number, via: ReorderRequest['via']) => {
    const from = photos.findIndex((shown) => shown.id === photo.id);
    if (from < 0 || to < 0 || to >= photos.length || from === to) return;
    setProblems([]);
    reorder.mutate({ order: movedOrder(photos.map((shown) => shown.id), from, to), photoId: photo.id, via });
  };

  const onDragStart = (photo: MemberPhoto) => (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', photo.id);
    setDragging(photo.id);
  };
  const onDragOver = (photo: MemberPhoto) => (event: DragEvent<HTMLLIElement>) => {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== photo.id) setDropTarget(photo.id);
  };
  const onDrop = (photo: MemberPhoto) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const dragged = photos.find((shown) => shown.id === (dragging ?? event.dataTransfer.getData('text/plain')));
    setDragging(null);
    setDropTarget(null);
    if (dragged) move(dragged, photos.findIndex((shown) => shown.id === photo.id), 'drag');
  };
  const endDrag = () => {
    setDragging(null);
    setDropTarget(null);
  };

  if (photosQuery.isPending) {
    return (
      <Grid aria-busy="true" aria-label="Loading your photos">
        {[0, 1, 2].map((slot) => (
          <li key={slot}>
            <SquareSkeleton shape="block" />
          </li>
        ))}
      </Grid>
    );
  }
  if (photosQuery.isError) {
    return <ErrorState title="Could not load your photos" text={photosQuery.error.message} action={{ label: 'Try Again', onClick: () => void photosQuery.refetch() }} />;
  }

  const count = photos.length;
  const full = count + uploads.length >= PHOTOS_MAX;
  return (
    <Manager>
      <Text tone="muted" size="sm">
        {count} of {PHOTOS_MAX} photos. Your first photo is your main photo; drag photos or use their arrows to change the order.
      </Text>
      {problems.length > 0 ? (
        <Notice
          tone="error"
          action={
            <Button variant="ghost" size="sm" onClick={() => setProblems([])}>
              Dismiss
            </Button>
          }
        >
          {problems.length === 1 ? (
            problems[0]
          ) : (
            <ProblemList>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ProblemList>
          )}
        </Notice>
      ) : null}
      {count + uploads.length > 0 ? (
        <Grid aria-label="Your photos">
          {photos.map((photo, index) => (
            <Tile
              key={photo.id}
              draggable
              onDragStart={onDragStart(photo)}
              onDragOver={onDragOver(photo)}
              onDragLeave={() => setDropTarget((current) => (current === photo.id ? null : current))}
              onDrop={onDrop(photo)}
              onDragEnd={endDrag}
              $dragging={dragging === photo.id}
              $dropTarget={dropTarget === photo.id && dragging !== photo.id}
              aria-label={photoLabel(index, count)}
            >
              <Frame>
                <TilePhoto
                  src={photo.url}
                  sizes={PHOTO_SIZES}
                  width={photo.width}
                  height={photo.height}
                  alt={index === 0 ? 'Your main photo' : `Your photo ${index + 1}`}
                  loading={index < 3 ? 'eager' : 'lazy'}
                  draggable={false}
                />
                {index === 0 ? <MainBadge tone="vip">Main photo</MainBadge> : null}
                <DeleteButton>
                  <IconButton
                    ref={buttonRef(photo.id, 'delete')}
                    size="sm"
                    variant="secondary"
                    aria-label={`Delete photo ${index + 1}`}
                    onClick={() => {
                      remove.reset();
                      setConfirming(photo);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </DeleteButton>
              </Frame>
              <Controls>
                <IconButton
                  ref={buttonRef(photo.id, 'earlier')}
                  size="sm"
                  aria-label={`Move photo ${index + 1} earlier`}
                  title="Move earlier"
                  disabled={index === 0}
                  onClick={() => move(photo, index - 1, 'earlier')}
                >
                  <EarlierIcon />
                </IconButton>
                <IconButton
                  ref={buttonRef(photo.id, 'main')}
                  size="sm"
                  aria-label={index === 0 ? 'Photo 1 is your main photo' : `Make photo ${index + 1} your main photo`}
                  title="Make main photo"
                  disabled={index === 0}
                  onClick={() => move(photo, 0, 'main')}
                >
                  <MainPhotoIcon />
                </IconButton>
                <IconButton
                  ref={buttonRef(photo.id, 'later')}
                  size="sm"
                  aria-label={`Move photo ${index + 1} later`}
                  title="Move later"
                  disabled={index === count - 1}
                  onClick={() => move(photo, index + 1, 'later')}
                >
                  <LaterIcon />
                </IconButton>
              </Controls>
            </Tile>
          ))}
          {uploads.map((item) => (
            <Tile key={`upload-${item.key}`} aria-label={`${item.name}: ${UPLOAD_STATUS_TEXT[item.status]}`} aria-busy="true">
              <Frame>
                <Pending>
                  <UploadProgress aria-label={`Uploading ${item.name}`} />
                  <Text size="sm" tone="muted" aria-hidden="true">
                    {UPLOAD_STATUS_TEXT[item.status]}
                  </Text>
                </Pending>
              </Frame>
            </Tile>
          ))}
        </Grid>
      ) : (
        <Text>No photos yet. Profiles with a photo get many more likes.</Text>
      )}
      {full ? (
        <Text tone="muted" size="sm">
          {PHOTOS_FULL_MESSAGE}
        </Text>
      ) : (
        <AddRow>
          <Picker>
            <input ref={pickerRef} id={pickerId} type="file" accept={PHOTO_ACCEPT} multiple onChange={onPick} />
            <PickerLabel htmlFor={pickerId} $variant="primary">
              <AddPhotoIcon />
              Add photos
            </PickerLabel>
          </Picker>
          <CameraPicker>
            <input id={cameraId} type="file" accept="image/*" capture="user" onChange={onPick} />
            <PickerLabel htmlFor={cameraId} $variant="secondary">
              <TakePhotoIcon />
              Take a photo
            </PickerLabel>
          </CameraPicker>
        </AddRow>
      )}
      <Text tone="muted" size="sm">
        JPEG, PNG, WebP or HEIC, up to 15 MB each.
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete this photo?"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Keep photo
            </Button>
            <Button variant="danger" loading={remove.isPending} loadingLabel="Deleting..." onClick={() => confirming && remove.mutate(confirming)}>
              Delete photo
            </Button>
          </>
        }
      >
        <ConfirmBody>
          {confirming ? <ConfirmPhoto src={confirming.url} sizes={CONFIRM_SIZES} width={confirming.width} height={confirming.height} alt="" /> : null}
          <Text>It is removed from your profile at once. This cannot be undone.</Text>
          {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
        </ConfirmBody>
      </Dialog>
    </Manager>
  );
}

/** Two tiles across a phone, three from tablet up. */
const PHOTO_SIZES = `${mediaConditions.tablet} ${px(tokens.sizes.dialogMax / 2)}, 50vw`;
const CONFIRM_SIZES = px(tokens.space[16] * 2);

const Manager = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};
  min-width: 0;
`;

const ProblemList = styled.ul`
  display: grid;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: 0;
  list-style: none;
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[3])};
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const SquareSkeleton = styled(Skeleton)`
  height: auto;
  aspect-ratio: 1;
`;

const Tile = styled.li<{ $dragging?: boolean; $dropTarget?: boolean }>`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
  min-width: 0;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  outline: ${({ theme }) => px(theme.sizes.focusRing)} dashed transparent;
  outline-offset: ${({ theme }) => px(theme.space[1])};
  transition: opacity ${({ theme }) => theme.motion.fast};
  ${({ $dragging }) =>
    $dragging &&
    css`
      opacity: 0.5;
    `}
  ${({ $dropTarget, theme }) =>
    $dropTarget &&
    css`
      outline-color: ${theme.colors.purple};
    `}
  &[draggable='true'] {
    cursor: grab;
  }
`;

const Frame = styled.div`
  position: relative;
  aspect-ratio: 1;
  overflow: hidden;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.neutralTint};
`;

const TilePhoto = styled(Photo)`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

const MainBadge = styled(Badge)`
  position: absolute;
  top: ${({ theme }) => px(theme.space[2])};
  left: ${({ theme }) => px(theme.space[2])};
`;

const DeleteButton = styled.div`
  position: absolute;
  top: ${({ theme }) => px(theme.space[1])};
  right: ${({ theme }) => px(theme.space[1])};
`;

const Controls = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Pending = styled.div`
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  height: 100%;
  padding: ${({ theme }) => px(theme.space[3])};
`;

const UploadProgress = styled.progress`
  width: 100%;
  accent-color: ${({ theme }) => theme.colors.purple};
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[3])};
`;

/** The file input stays in the tab order (hidden visually); its label looks like a button and shows its focus. */
const Picker = styled.div`
  display: contents;

  & > input {
    ${visuallyHiddenStyles}
  }
  & > input:focus-visible + label {
    box-shadow: 0 0 0 ${({ theme }) => px(theme.sizes.focusRing)} ${({ theme }) => theme.colors.purple};
  }
`;

/** The camera only means something on a touch screen; a mouse and keyboard get the file picker alone. */
const CameraPicker = styled(Picker)`
  @media (hover: hover) and (pointer: fine) {
    display: none;
  }
`;

const PickerLabel = styled.label<{ $variant: 'primary' | 'secondary' }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[2])};
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: 0 ${({ theme }) => px(theme.space[6])};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  cursor: pointer;
  user-select: none;
  ${({ $variant, theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.gradients.brand};
          color: ${theme.colors.onBrand};
          &:hover {
            background: ${theme.gradients.brandHover};
          }
        `
      : css`
          background: ${theme.colors.surface};
          color: ${theme.colors.purple};
          border-color: ${theme.colors.purple};
          &:hover {
            background: ${theme.colors.purpleTint};
          }
        `}

  & > svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
  }
`;

const ConfirmBody = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const ConfirmPhoto = styled(Photo)`
  width: ${({ theme }) => px(theme.space[16] * 2)};
  height: ${({ theme }) => px(theme.space[16] * 2)};
  object-fit: cover;
  border-radius: ${({ theme }) => px(theme.radii.card)};
`;
