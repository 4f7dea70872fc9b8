import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import type { LiveStream } from '../../../../contract/live';
import { Button, InlineIcon, Notice, px } from '../../../ui';
import { streamLink } from '../host/stream-actors';
import { SHARE_CONFIRMATIONS, shareStreamLink, type ShareTargets } from '../host/share-link';
import { ShareIcon } from '../../media/media-icons';
import { FlagIcon } from '../../safety/safety-icons';
import { GiftTray } from '../../gifts/GiftTray';

// Loaded on the first press, as on profiles: the dialog brings the report contract with it.
const SafetyDialog = lazy(() => import('../../safety/SafetyDialog').then((module) => ({ default: module.SafetyDialog })));

interface WatchActionsProps {
  stream: LiveStream;
  /** Tests: the browser's share sheet and clipboard. */
  shareTargets?: ShareTargets;
}

type Confirmation = { tone: 'success' | 'error'; text: string };

/** A viewer's Share (the stream page's link) and Report (report or block the host). */
export function WatchActions({ stream, shareTargets }: WatchActionsProps) {
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<Confirmation | null>(null);
  const share = useMutation({
    mutationFn: () =>
      shareStreamLink({ title: stream.title }, streamLink(stream.id), shareTargets ?? navigator, `Watch ${stream.host.name} live on Orbit: ${stream.title}`),
    onSuccess: (outcome) => {
      if (outcome === 'shared') setNotice({ tone: 'success', text: 'Thanks for sharing!' });
      else if (outcome === 'copied') setNotice(SHARE_CONFIRMATIONS.copied);
    },
    onError: () => setNotice(SHARE_CONFIRMATIONS.failed),
  });

  return (
    <>
      <Row>
        <GiftTray to={{ streamId: stream.id }} />
        <Button variant="secondary" size="sm" loading={share.isPending} loadingLabel="Sharing..." onClick={() => share.mutate()}>
          <InlineIcon>
            <ShareIcon />
          </InlineIcon>
          Share
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
          <InlineIcon>
            <FlagIcon />
          </InlineIcon>
          Report
        </Button>
      </Row>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {reporting ? (
        <Suspense fallback={null}>
          <SafetyDialog
            person={{ id: stream.host.id, name: stream.host.name }}
            onClose={() => setReporting(false)}
            // The server ends this member's watching (`live:ended` removed); the page says so.
            onBlocked={(message) => {
              setReporting(false);
              setNotice({ tone: 'success', text: message });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
`;
