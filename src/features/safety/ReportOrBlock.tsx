import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { Button, IconButton, InlineIcon } from '../../ui';
import type { ReportedPhoto } from './SafetyDialog';
import { FlagIcon } from './safety-icons';

// Loaded on the first press: the dialog brings the report contract (and zod's schemas with it), which
// most profile views never need, and each chunk a route loads up front lengthens the preload list in
// the code for `/`, which is at its size budget.
const SafetyDialog = lazy(() => import('./SafetyDialog').then((module) => ({ default: module.SafetyDialog })));

/** Quieter than the profile's own actions: it is there when needed, not an invitation. */
const QuietButton = styled(Button)`
  color: ${({ theme }) => theme.colors.muted};
`;

const QuietIconButton = styled(IconButton)`
  color: ${({ theme }) => theme.colors.muted};
`;

export interface ReportOrBlockProps {
  person: { id: string; name: string };
  onBlocked: (message: string) => void;
  disabled?: boolean;
  /** The flag alone, named for the person, where a row has no room for the words (a chat's header). */
  compact?: boolean;
  /** "Report photo" under one of their photos: the same form, with that photo attached. */
  photo?: ReportedPhoto;
  /** From a chat: a report carries the conversation with it, for the moderators to read. */
  attachConversation?: boolean;
}

/** "Report or block" on another member's profile, match card or chat (or "Report photo" under a photo), and its dialog. */
export function ReportOrBlock({ person, onBlocked, disabled = false, compact = false, photo, attachConversation = false }: ReportOrBlockProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {photo ? (
        <QuietButton type="button" variant="ghost" size="sm" aria-label={`Report ${photo.label}`} disabled={disabled} onClick={() => setOpen(true)}>
          <InlineIcon>
            <FlagIcon />
          </InlineIcon>
          Report photo
        </QuietButton>
      ) : compact ? (
        <QuietIconButton type="button" variant="ghost" aria-label={`Report or block ${person.name}`} disabled={disabled} onClick={() => setOpen(true)}>
          <FlagIcon />
        </QuietIconButton>
      ) : (
        <QuietButton type="button" variant="ghost" disabled={disabled} onClick={() => setOpen(true)}>
          <InlineIcon>
            <FlagIcon />
          </InlineIcon>
          Report or block
        </QuietButton>
      )}
      {/* Mounted only while open, so every opening starts at the first step with an empty form. */}
      {open ? (
        <Suspense fallback={null}>
          <SafetyDialog
            person={person}
            {...(photo ? { photo } : {})}
            {...(attachConversation ? { attachConversation } : {})}
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
