import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import type { BlockedPerson } from '../../../contract/safety';
import { blockedPeopleQueryOptions, unblockPerson } from '../../api/safety';
import { Avatar, Button, Heading, Notice, px, Skeleton, Stack, Text, theme as tokens } from '../../ui';
import { rediscoverPerson } from './safety-cache';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
`;

const Who = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** Focused after an unblock removes the row that had focus, so focus stays in the dialog. */
const SectionHeading = styled(Heading)`
  &:focus {
    outline: none;
  }
`;

function blockedOn(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function BlockedRow({ person, onUnblocked }: { person: BlockedPerson; onUnblocked: (message: string) => void }) {
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => unblockPerson(person.id),
    onSuccess: ({ message }) => {
      queryClient.setQueryData(blockedPeopleQueryOptions().queryKey, (list) => list?.filter((entry) => entry.id !== person.id));
      rediscoverPerson(queryClient, person.id);
      onUnblocked(message);
    },
  });
  return (
    <Row>
      <Avatar src={person.avatar} name={person.name} size={tokens.sizes.avatar} />
      <Who>
        <Text weight="semibold">{person.name}</Text>
        <Text size="sm" tone="muted">
          @{person.username} · Blocked <time dateTime={person.blockedAt}>{blockedOn(person.blockedAt)}</time>
        </Text>
        {unblock.isError ? <Notice tone="error">{unblock.error.message}</Notice> : null}
      </Who>
      <Button variant="secondary" size="sm" aria-label={`Unblock ${person.name}`} loading={unblock.isPending} onClick={() => unblock.mutate()}>
        Unblock
      </Button>
    </Row>
  );
}

function LoadingRows() {
  return (
    <Stack gap={3} aria-busy="true" aria-label="Loading blocked people">
      {[0, 1].map((key) => (
        <Row as="div" key={key}>
          <Skeleton shape="circle" width={tokens.sizes.avatar} height={tokens.sizes.avatar} />
          <Skeleton width="50%" />
        </Row>
      ))}
    </Stack>
  );
}

/** Settings' list of the people the member blocked, each with Unblock. */
export function BlockedPeopleSection() {
  const blocked = useQuery(blockedPeopleQueryOptions());
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  let content;
  if (blocked.isPending) content = <LoadingRows />;
  else if (blocked.isError) {
    content = (
      <Notice
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void blocked.refetch()}>
            Try Again
          </Button>
        }
      >
        {blocked.error.message}
      </Notice>
    );
  } else if (blocked.data.length === 0) content = <Text tone="muted">You haven&apos;t blocked anyone.</Text>;
  else {
    content = (
      <List>
        {blocked.data.map((person) => (
          <BlockedRow
            key={person.id}
            person={person}
            onUnblocked={(text) => {
              setMessage(text);
              headingRef.current?.focus();
            }}
          />
        ))}
      </List>
    );
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="settings-blocked-people">
      <SectionHeading level={3} id="settings-blocked-people" tabIndex={-1} ref={headingRef}>
        Blocked people
      </SectionHeading>
      <div role="status">{message !== null ? <Notice tone="success">{message}</Notice> : null}</div>
      {content}
    </Stack>
  );
}
