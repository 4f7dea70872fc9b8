import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import styled, { css } from 'styled-components';
import { ONBOARDING_STEPS, type OnboardingStep } from '../../../../contract/members/preferences';
import type { GeoLocation, User } from '../../../../contract/members/profile';
import { onboardingMachine, selectStep, type StepChanges } from '../../../../machines/members/onboarding.machine';
import { ApiError } from '../../../api/client';
import { currentUserQueryOptions } from '../../../api/members';
import { Card, Container, ErrorState, Heading, Notice, px, Skeleton, Stack, Text } from '../../../ui';
import { SignInPrompt } from '../../auth/SignInPrompt';
import { actorRuntime, useReportActor, type MachineOverrides } from '../../../lib/machine-overrides';
import type { HeicConverter } from '../../photos/photo-file';
import { LocationStep } from './LocationStep';
import type { StepControls } from './StepForm';
import { createOnboardingActors } from './onboarding-actors';
import { AboutStep, InterestsStep, PhotosStep, PreferencesStep } from './OnboardingSteps';
import { loadedByRoute } from '../../../lib/page-data';

/** Where the set-up leads when nothing else asked: Discover. */
export const ONBOARDING_DESTINATION = '/users';

const STEP_TEXT: Record<OnboardingStep, { title: string; intro: string }> = {
  photos: { title: 'Add your photos', intro: 'Profiles with photos get far more likes. You can change them any time on your profile.' },
  about: { title: 'About you', intro: 'A few words about yourself: what you love, what makes you laugh, what you are looking for.' },
  interests: { title: 'Your interests', intro: 'Pick what you are into, or add your own. People who share them are better matches.' },
  location: { title: 'Where are you?', intro: 'Orbit shows you people nearby. Your exact position is never shown to anyone.' },
  preferences: { title: 'Who would you like to meet?', intro: 'Discover, Spin and the radar show you these people. You can change this later.' },
};

export interface OnboardingScreenProps {
  /** An in-app page to go on to afterwards (the one that sent the member to sign up); Discover otherwise. */
  redirect?: string;
  overrides?: MachineOverrides<typeof onboardingMachine>;
  /** The browser's position (tests pass their own). */
  locate?: () => Promise<GeoLocation>;
  convertHeic?: HeicConverter;
}

/** The guided set-up after registering: five steps, each saved as it is left, resumable from any device. */
export function OnboardingScreen(props: OnboardingScreenProps) {
  const me = useQuery({ ...currentUserQueryOptions(), ...loadedByRoute });
  let content;
  if (me.isPending) {
    content = (
      <Card role="status" aria-busy="true" aria-label="Loading your profile">
        <Stack gap={3}>
          <Skeleton width="30%" />
          <Skeleton width="70%" height={32} />
          <Skeleton shape="block" />
        </Stack>
      </Card>
    );
  } else if (me.isError) {
    content =
      me.error instanceof ApiError && me.error.status === 401 ? (
        <Card>
          <SignInPrompt title="Sign in to set up your profile" text="Your profile is waiting for you." />
        </Card>
      ) : (
        <ErrorState title="Could not load your profile" text={me.error.message} action={{ label: 'Try Again', onClick: () => void me.refetch() }} />
      );
  } else {
    content = <OnboardingFlow {...props} user={me.data} />;
  }
  return <Narrow>{content}</Narrow>;
}

function OnboardingFlow({ user, redirect, overrides, locate, convertHeic }: OnboardingScreenProps & { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const destination = redirect ?? ONBOARDING_DESTINATION;
  const finish = useRef(() => {});
  finish.current = () => void navigate({ href: destination });
  const machine = useMemo(
    () =>
      (overrides?.machine ?? onboardingMachine.provide({ actors: createOnboardingActors(queryClient, locate) })).provide({
        actions: { finish: () => finish.current() },
      }),
    [overrides?.machine, queryClient, locate],
  );
  // Started once, where the server says to resume; later saves update the account, not the flow.
  const actor = useActorRef(machine, { input: { step: user.onboarding.step, completed: user.onboarding.completed }, ...actorRuntime(overrides) });
  useReportActor(overrides, actor);

  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, (snapshot): StepControls['busy'] =>
    ONBOARDING_STEPS.some((name) => snapshot.matches({ [name]: 'saving' })) ? 'saving' : ONBOARDING_STEPS.some((name) => snapshot.matches({ [name]: 'skipping' })) ? 'skipping' : null,
  );
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const headingId = useId();
  const progressId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // Each new step announces itself: focus goes to its heading. The first one keeps the page's own focus.
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const leave = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href: destination });
  };

  if (step === 'done') {
    return (
      <Card as="section" aria-labelledby={headingId}>
        <Stack gap={3}>
          <Heading level={1} id={headingId} ref={heading} tabIndex={-1}>
            You are all set
          </Heading>
          <Text>
            Taking you on… <a href={destination} onClick={leave}>Continue</a>
          </Text>
        </Stack>
      </Card>
    );
  }

  const index = ONBOARDING_STEPS.indexOf(step);
  const { title, intro } = STEP_TEXT[step];
  const controls: StepControls & { labelledBy: string } = {
    labelledBy: headingId,
    busy,
    canGoBack: index > 0,
    last: index === ONBOARDING_STEPS.length - 1,
    onSkip: () => actor.send({ type: 'SKIP' }),
    onBack: () => actor.send({ type: 'BACK' }),
  };
  const onContinue = (changes?: StepChanges) => actor.send({ type: 'CONTINUE', changes });

  return (
    <Stack gap={4}>
      <TopRow>
        <Text id={progressId} size="sm" weight="semibold" tone="muted">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </Text>
        <LeaveLink href={destination} onClick={leave}>
          Finish later
        </LeaveLink>
      </TopRow>
      <Progress aria-hidden="true">
        {ONBOARDING_STEPS.map((name, position) => (
          <Segment key={name} $done={position <= index} />
        ))}
      </Progress>
      <Card as="section" aria-labelledby={headingId}>
        <Stack gap={6}>
          <Stack gap={2}>
            <Heading level={1} size="xl" id={headingId} ref={heading} tabIndex={-1} aria-describedby={progressId}>
              {title}
            </Heading>
            <Text tone="muted">{intro}</Text>
          </Stack>
          {error ? <Notice tone="error">{error}</Notice> : null}
          {step === 'photos' ? <PhotosStep key={step} {...controls} user={user} onContinue={onContinue} convertHeic={convertHeic} /> : null}
          {step === 'about' ? <AboutStep key={step} {...controls} user={user} onContinue={onContinue} /> : null}
          {step === 'interests' ? <InterestsStep key={step} {...controls} user={user} onContinue={onContinue} /> : null}
          {step === 'location' ? <LocationStep key={step} {...controls} actor={actor} currentRegion={user.region} /> : null}
          {step === 'preferences' ? <PreferencesStep key={step} {...controls} user={user} onContinue={onContinue} /> : null}
        </Stack>
      </Card>
    </Stack>
  );
}

const Narrow = styled(Container)`
  max-width: ${({ theme }) => px(theme.sizes.dialogMax + theme.space[8] * 2)};
  padding-block: ${({ theme }) => px(theme.space[6])};

  ${({ theme }) => theme.media.tablet} {
    padding-block: ${({ theme }) => px(theme.space[12])};
  }
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const LeaveLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  color: ${({ theme }) => theme.colors.purpleDark};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Progress = styled.div`
  display: grid;
  grid-template-columns: repeat(${ONBOARDING_STEPS.length}, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Segment = styled.span<{ $done: boolean }>`
  height: ${({ theme }) => px(theme.space[1])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.border};
  transition: background ${({ theme }) => theme.motion.base};
  ${({ $done, theme }) =>
    $done &&
    css`
      background: ${theme.gradients.brand};
    `}

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;
  }
`;
