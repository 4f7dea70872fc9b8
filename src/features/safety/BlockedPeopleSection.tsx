import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { BlockedPerson } from '../../../contract/safety';
import { blockedPeopleQueryOptions, unblockPerson } from '../../api/safety';
import { Avatar, Button, Notice, Skeleton, Stack, Text, theme as tokens } from '../../ui';
import { FocusableSectionHeading, SectionLoadFailed, SettingsList, SettingsListRow, SettingsListText } from '../members/profile/settings-list';
import { rediscoverPerson } from './safety-cache';
import { unblockedNotice } from './safety-messages';

function blockedOn(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function BlockedRow({ person, onUnblocked }: { person: BlockedPerson; onUnblocked: (message: string) => void }) {
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => unblockPerson(person.id),
    onSuccess: () => {
      queryClient.setQueryData(blockedPeopleQueryOptions().queryKey, (list) => list?.filter((entry) => entry.id !== person.id));
      rediscoverPerson(queryClient, person.id);
      onUnblocked(unblockedNotice(person.name));
    },
  });
  return (
    <SettingsListRow>
      <Avatar src={person.avatar} name={person.name} size={tokens.sizes.avatar} />
      <SettingsListText>
        <Text weight="semibold">{person.name}</Text>
        <Text size="sm" tone="muted">
          @{person.username} · Blocked <time dateTime={person.blockedAt}>{blockedOn(person.blockedAt)}</time>
        </Text>
        {unblock.isError ? <Notice tone="error">{unblock.error.message}</Notice> : null}
      </SettingsListText>
      <Button variant="secondary" size="sm" aria-label={`Unblock ${person.name}`} loading={unblock.isPending} onClick={() => unblock.mutate()}>
        Unblock
      </Button>
    </SettingsListRow>
  );
}

function LoadingRows() {
  return (
    <Stack gap={3} role="status" aria-busy="true" aria-label="Loading blocked people">
      {[0, 1].map((key) => (
        <SettingsListRow as="div" key={key}>
          <Skeleton shape="circle" width={tokens.sizes.avatar} height={tokens.sizes.avatar} />
          <Skeleton width="50%" />
        </SettingsListRow>
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
    content = <SectionLoadFailed message={blocked.error.message} onRetry={() => void blocked.refetch()} />;
  } else if (blocked.data.length === 0) content = <Text tone="muted">You haven&apos;t blocked anyone.</Text>;
  else {
    content = (
      <SettingsList>
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
      </SettingsList>
    );
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="settings-blocked-people">
      <FocusableSectionHeading level={3} id="settings-blocked-people" tabIndex={-1} ref={headingRef}>
        Blocked people
      </FocusableSectionHeading>
      <div role="status">{message !== null ? <Notice tone="success">{message}</Notice> : null}</div>
      {content}
    </Stack>
  );
}
