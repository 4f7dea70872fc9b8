import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { Candidate, LikeType } from '../../../contract/discovery';
import { selectCurrentCandidate, selectIsBusy, spinMachine, spinStepsFrom } from '../../../machines/spin.machine';
import { decisionFailureMessage } from '../../api/users';
import { EmptyState, Notice, Stack, Text, VisuallyHidden } from '../../ui';
import { VisitorSampleNotice } from '../auth/SignInPrompt';
import { useReturnHere } from '../auth/useReturnHere';
import { actorRuntime, useReportActor, type MachineOverrides } from '../discover/machine-overrides';
import { ScreenFrame } from '../discover/ScreenFrame';
import { showMatchMoment } from '../match-moment/match-moment';
import { CandidateCard } from './CandidateCard';
import { DeckCard, DeckLayout, DeckLoading } from './PersonDeck';
import { RecentMatches } from './RecentMatches';
import { SAMPLE_CANDIDATES } from './sample-candidates';
import { createSpinActors, createVisitorSpinActors } from './spin-actors';
import { SpinControls } from './SpinControls';

export interface SpinScreenProps {
  overrides?: MachineOverrides<typeof spinMachine>;
  /** The source of spin lengths, in [0, 1); tests pass a fixed one. */
  random?: () => number;
  /** How a failed like is reported (SPEC: an alert). */
  alert?: (message: string) => void;
  /** Shown when the deck cannot be fetched; SPEC's sample users by default. */
  samples?: readonly Candidate[];
  /** Signed out: sample people, said to be samples; a like leads to sign-in, since it needs an account. */
  visitor?: boolean;
}

export const MATCH_NOTICE = "It's a match! 🎉";
export const VISITOR_SPIN_NOTICE = 'These are sample profiles. Sign in to like people and meet your matches.';

function defaultAlert(message: string): void {
  window.alert(message);
}

/** SPEC's Spin screen: shuffle through candidates, then like, super like or skip. */
export function SpinScreen({ overrides, random = Math.random, alert = defaultAlert, samples = SAMPLE_CANDIDATES, visitor = false }: SpinScreenProps) {
  const navigate = useNavigate();
  const returnHere = useReturnHere();
  const machine = useMemo(
    () =>
      (overrides?.machine ?? spinMachine.provide({ actors: visitor ? createVisitorSpinActors() : createSpinActors() })).provide({
        actions: { alertDecisionFailed: (_, params: { decision: LikeType }) => alert(decisionFailureMessage(params.decision)) },
      }),
    [overrides?.machine, alert, visitor],
  );
  const actor = useActorRef(machine, { input: { samples }, ...actorRuntime(overrides) });
  useReportActor(overrides, actor);

  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading') || snapshot.matches('sorting'));
  const empty = useSelector(actor, (snapshot) => snapshot.matches('empty'));
  const shuffling = useSelector(actor, (snapshot) => snapshot.matches('spinning') || snapshot.matches('revealing'));
  const busy = useSelector(actor, selectIsBusy);
  const candidate = useSelector(actor, selectCurrentCandidate);
  const available = useSelector(actor, (snapshot) => snapshot.context.candidates.length);
  const matched = useSelector(actor, (snapshot) => snapshot.context.matched);
  const recentMatches = useSelector(actor, (snapshot) => snapshot.context.recentMatches);
  // The match joins the front of 'Your Matches'; naming them keeps the notice from reading as about the next person.
  const matchedPerson = matched ? recentMatches[0] : undefined;
  const matchedName = matchedPerson?.name;
  // SPEC's notice stays on the screen; the shared match moment opens over it once per match.
  useEffect(() => {
    if (matchedPerson) showMatchMoment({ id: matchedPerson.id, name: matchedPerson.name, avatar: matchedPerson.avatar });
  }, [matchedPerson]);
  const decide = (decision: LikeType) => {
    if (visitor && decision !== 'dislike') void navigate({ to: '/login', search: returnHere });
    else actor.send({ type: 'DECIDE', decision });
  };

  const deck = loading ? (
    <DeckLoading label="Loading people" text="Finding people to spin..." />
  ) : empty || !candidate ? (
    <EmptyState
      title="No one new to spin"
      text="You have seen everyone for now. Check again soon."
      action={{ label: 'Reload', onClick: () => actor.send({ type: 'RELOAD' }) }}
    />
  ) : (
    <>
      <div aria-live={shuffling ? 'off' : 'polite'} aria-busy={shuffling}>
        {shuffling ? <VisuallyHidden>Spinning...</VisuallyHidden> : null}
        <CandidateCard candidate={candidate} shuffling={shuffling} />
      </div>
      <SpinControls
        disabled={busy}
        onSpin={() => actor.send({ type: 'SPIN', steps: spinStepsFrom(random()) })}
        onDecide={decide}
      />
    </>
  );

  return (
    <ScreenFrame title="Spin" subtitle="Let chance pick someone for you, then like, super like or skip.">
      <DeckLayout>
        <Stack gap={4}>
          {visitor ? <VisitorSampleNotice>{VISITOR_SPIN_NOTICE}</VisitorSampleNotice> : null}
          <div role="status">
            {matched ? (
              <Notice tone="success">
                <span>{MATCH_NOTICE}</span>
                {matchedName ? <span> You and {matchedName} like each other.</span> : null}
              </Notice>
            ) : null}
          </div>
          <DeckCard $gap={6} forwardedAs="section" aria-label="Candidate">{deck}</DeckCard>
          <Text tone="muted" size="sm" align="center">
            Spin to discover new people • {available} users available
          </Text>
        </Stack>
        <RecentMatches matches={recentMatches} />
      </DeckLayout>
    </ScreenFrame>
  );
}
