import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import styled from 'styled-components';
import { currentUserQueryOptions } from '../../../api/members';
import { Avatar, Button, Dialog, px, Stack, Text } from '../../../ui';
import { PushOffer } from '../../notifications/PushOffer';
import type { MatchPerson } from './match-moment';

/** SPEC section 2 Spin: the words of a match, the same on every screen. */
export const MATCH_MOMENT_TITLE = "It's a match! 🎉";

const PHOTO_SIZE = 112;

const Pair = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;

  /* The two photos overlap a little, each ringed in white, like two people leaning in. */
  & > * {
    border-radius: ${({ theme }) => px(theme.radii.pill)};
    box-shadow: 0 0 0 ${({ theme }) => px(theme.space[1])} ${({ theme }) => theme.colors.surface};
  }
  & > * + * {
    margin-left: -${({ theme }) => px(theme.space[4])};
  }
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  width: 100%;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 1fr 1fr;
  }
`;

export interface MatchMomentDialogProps {
  person: MatchPerson;
  onClose: () => void;
}

/** Both photos, the SPEC's words, and the two ways on: a first message, or back to browsing. */
export function MatchMomentDialog({ person, onClose }: MatchMomentDialogProps) {
  const me = useQuery(currentUserQueryOptions());
  const navigate = useNavigate();
  const messageRef = useRef<HTMLButtonElement>(null);
  const myName = me.data?.profile.name || me.data?.username || 'You';

  const sendMessage = () => {
    onClose();
    void navigate({ to: '/messages', search: { with: person.id } });
  };

  return (
    <Dialog open onClose={onClose} title={MATCH_MOMENT_TITLE} initialFocusRef={messageRef}>
      <Stack gap={6} align="center">
        <Pair>
          <Avatar src={me.data?.avatar} name={myName} size={PHOTO_SIZE} loading="eager" />
          <Avatar src={person.avatar} name={person.name} size={PHOTO_SIZE} loading="eager" />
        </Pair>
        <Text align="center">{`You and ${person.name} like each other.`}</Text>
        <Actions>
          <Button ref={messageRef} fullWidth onClick={sendMessage}>
            Send a message
          </Button>
          <Button variant="secondary" fullWidth onClick={onClose}>
            Keep browsing
          </Button>
        </Actions>
        <PushOffer personName={person.name} />
      </Stack>
    </Dialog>
  );
}
