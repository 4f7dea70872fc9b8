import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ReportBody } from '../../../contract/safety';
import { blockPerson, reportPerson } from '../../api/safety';
import { Button, Dialog, Heading, Notice, Photo, px, Stack, Text } from '../../ui';
import { ReportForm } from './ReportForm';
import { forgetBlockedPerson } from './safety-cache';
import { blockedNotice, reportedAndBlockedNotice } from './safety-messages';

type Step = 'choose' | 'block' | 'report' | 'reported';

const REPORT_FORM_ID = 'safety-report-form';

/** Step headings take focus (so a screen reader reads where the member is) but are not in the tab order. */
const StepHeading = styled(Heading)`
  &:focus {
    outline: none;
  }
`;

/** The reported photo, small, so the member sees which one the report is about. */
const Thumb = styled(Photo)`
  width: ${({ theme }) => px(theme.space[16])};
  height: ${({ theme }) => px(theme.space[16])};
  object-fit: cover;
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.neutralTint};
`;

const Thanks = styled.div`
  &:focus {
    outline: none;
  }
`;

/** One of the person's photos the report is about (its id, address and a name for it, such as "Sam, photo 2"). */
export interface ReportedPhoto {
  id: string;
  url: string;
  label: string;
}

export interface SafetyDialogProps {
  person: { id: string; name: string };
  /** Report this photo: the dialog opens on the report form, with the photo attached. */
  photo?: ReportedPhoto;
  /** Reported from a chat: the conversation goes with the report. */
  attachConversation?: boolean;
  onClose: () => void;
  /** The person is blocked (by Block, or by a report with "Also block"), and forgotten from the cache: what to tell the member. */
  onBlocked: (message: string) => void;
}

/** Report or block another member, in steps: choose, then confirm the block or fill in the report. */
export function SafetyDialog({ person, photo, attachConversation = false, onClose, onBlocked }: SafetyDialogProps) {
  const { id, name } = person;
  const [step, setStep] = useState<Step>(photo ? 'report' : 'choose');
  const stepFocusRef = useRef<HTMLElement | null>(null);
  const focusTarget = (element: HTMLElement | null) => {
    stepFocusRef.current = element;
  };
  // Set at once on submit: the mutation's pending state reaches React a tick later, and a quick
  // second press in between would send a second report.
  const sending = useRef(false);

  const queryClient = useQueryClient();
  const blocked = (message: string) => {
    forgetBlockedPerson(queryClient, id);
    onBlocked(message);
  };
  const block = useMutation({ mutationFn: () => blockPerson(id), onSuccess: () => blocked(blockedNotice(name)) });
  const report = useMutation({
    // The conversation goes only with a report made from the chat (the server's default is without).
    mutationFn: ({ attachConversation: _fromForm, ...body }: ReportBody) =>
      reportPerson(id, { ...body, ...(photo ? { photoId: photo.id } : {}), ...(attachConversation ? { attachConversation: true } : {}) }),
    onSuccess: (_answer, body) => (body.block === false ? setStep('reported') : blocked(reportedAndBlockedNotice(name))),
    onSettled: () => {
      sending.current = false;
    },
  });

  // Each new step puts focus on its heading (or first action); the first is left to the Dialog,
  // which also remembers the opener to return focus to.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepFocusRef.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    block.reset();
    report.reset();
    setStep(next);
  };

  const send = (body: ReportBody, onError: (error: Error) => void) => {
    if (sending.current) return;
    sending.current = true;
    report.mutate(body, { onError });
  };

  let body;
  let footer;
  if (step === 'choose') {
    body = (
      <Stack gap={3}>
        <Text tone="muted">{`${name} won't know.`}</Text>
        <Button variant="secondary" fullWidth ref={focusTarget} onClick={() => goTo('report')}>
          {`Report ${name}`}
        </Button>
        <Button variant="secondary" fullWidth onClick={() => goTo('block')}>
          {`Block ${name}`}
        </Button>
      </Stack>
    );
    footer = (
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    );
  } else if (step === 'block') {
    body = (
      <Stack gap={3}>
        <StepHeading level={3} tabIndex={-1} ref={focusTarget}>{`Block ${name}?`}</StepHeading>
        <Text>
          {`You won't see each other on Discover, Radar, Spin or Matches, and ${name} can't open your profile. If you've matched, the match ends. You can unblock them in Settings.`}
        </Text>
        {block.isError ? <Notice tone="error">{block.error.message}</Notice> : null}
      </Stack>
    );
    footer = (
      <>
        <Button variant="ghost" disabled={block.isPending} onClick={() => goTo('choose')}>
          Back
        </Button>
        <Button variant="danger" loading={block.isPending} loadingLabel="Blocking..." onClick={() => block.mutate()}>
          Block
        </Button>
      </>
    );
  } else if (step === 'report') {
    body = (
      <Stack gap={4}>
        <StepHeading level={3} tabIndex={-1} ref={focusTarget}>
          {photo ? `Report ${name}'s photo` : `Report ${name}`}
        </StepHeading>
        {photo ? <Thumb src={photo.url} alt={photo.label} width={64} height={64} sizes={px(64)} loading="eager" /> : null}
        {report.isError ? <Notice tone="error">{report.error.message}</Notice> : null}
        <ReportForm id={REPORT_FORM_ID} name={name} onSend={send} />
      </Stack>
    );
    footer = (
      <>
        {/* A photo's report opens on the form: there is no step before it to go back to. */}
        <Button variant="ghost" disabled={report.isPending} onClick={() => (photo ? onClose() : goTo('choose'))}>
          {photo ? 'Cancel' : 'Back'}
        </Button>
        <Button type="submit" form={REPORT_FORM_ID} loading={report.isPending} loadingLabel="Sending...">
          Send report
        </Button>
      </>
    );
  } else {
    body = (
      <Thanks tabIndex={-1} ref={focusTarget}>
        <Notice tone="success">{report.data?.message}</Notice>
      </Thanks>
    );
    footer = <Button onClick={onClose}>Done</Button>;
  }

  return (
    <Dialog open onClose={onClose} title={photo ? 'Report photo' : `Report or block ${name}`} footer={footer}>
      {body}
    </Dialog>
  );
}
