import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { Button, px } from '../../ui';
import type { ReportedPhoto } from './SafetyDialog';
import { FlagIcon } from './safety-icons';

// Loaded on the first press, as ReportOrBlock's is: the report brings its contract and zod with it.
const SafetyDialog = lazy(() => import('./SafetyDialog').then((module) => ({ default: module.SafetyDialog })));

const QuietButton = styled(Button)`
  color: ${({ theme }) => theme.colors.muted};

  & svg {
    width: ${({ theme }) => px(theme.space[4])};
    height: ${({ theme }) => px(theme.space[4])};
  }
`;

export interface ReportPhotoButtonProps {
  person: { id: string; name: string };
  photo: ReportedPhoto;
  /** The report blocked them too ("Also block", on by default): the server's message. */
  onBlocked: (message: string) => void;
}

/** "Report photo" under one of another member's photos: the report form, with that photo attached. */
export function ReportPhotoButton({ person, photo, onBlocked }: ReportPhotoButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <QuietButton type="button" variant="ghost" size="sm" aria-label={`Report ${photo.label}`} onClick={() => setOpen(true)}>
        <FlagIcon />
        Report photo
      </QuietButton>
      {open ? (
        <Suspense fallback={null}>
          <SafetyDialog
            person={person}
            photo={photo}
            onClose={() => setOpen(false)}
            onBlocked={(message) => {
              setOpen(false);
              onBlocked(message);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
