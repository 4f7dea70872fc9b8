import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Candidate, LikeType } from '../../../../contract/discovery';
import { selectCurrentId, selectIsBusy, spinMachine, spinStepsFrom } from '../../../../machines/discovery/spin.machine';
import { discoveryKeys, matchesQueryOptions, spinCandidatesQueryOptions } from '../../../api/discovery';
import { likeFailureMessage } from '../like-failure';
import { useSettledAnswer } from '../../../lib/use-settled-answer';
import { DeckCard, DeckLayout, DeckLoading, EmptyState, Notice, ScreenFrame, Stack, Text, VisuallyHidden } from '../../../ui';
import { VisitorSampleNotice } from '../../auth/SignInPrompt';
import { useReturnHere } from '../../auth/useReturnHere';
import { actorRuntime, useReportActor, type MachineOverrides } from '../../../lib/machine-overrides';
import { showMatchMoment } from '../match-moment/match-moment';
import { CandidateCard } from './CandidateCard';
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
  const queryClient = useQueryClient();
  // The query cache owns the deck and the matches; the machine is told the deck's ids and keeps who is shown.
  // A visitor asks for neither: the deck is the sample people and 'Your Matches' stays empty.
  const deckQuery = useQuery({ ...spinCandidatesQueryOptions(), enabled: !visitor });
  const { data: candidates, refetch: refetchDeck } = deckQuery;
  const { data: matches } = useQuery({ ...matchesQueryOptions(), enabled: !visitor });
  // Everyone the screen may name, by id: a match may have left the deck; the deck's own answer wins.
  const people = useMemo(() => new Map<string, Candidate>([...samples, ...(matches ?? []), ...(candidates ?? [])].map((person) => [person.id, person])), [samples, matches, candidates]);
  // Read when the server reports a match (the machine's action runs outside render).
  const peopleRef = useRef(people);
  useEffect(() => {
    peopleRef.current = people;
  }, [people]);
  const machine = useMemo(
    () =>
      (overrides?.machine ?? spinMachine.provide({ actors: visitor ? createVisitorSpinActors() : createSpinActors() })).provide({
        actions: {
          reload: () => {
            if (!visitor) void refetchDeck();
          },
          announceMatch: (_, { userId }: { userId: string }) => {
            const person = peopleRef.current.get(userId);
            // SPEC's notice stays on the screen; the shared match moment opens over it once per match.
            if (person) showMatchMoment({ id: person.id, name: person.name, avatar: person.avatar });
            // 'Your Matches' lists them first as soon as the server does, without waiting for the realtime match:new.
            void queryClient.invalidateQueries({ queryKey: discoveryKeys.matches() });
          },
          alertDecisionFailed: (_, params: { decision: LikeType; error: unknown }) => alert(likeFailureMessage(params.decision, params.error)),
        },
      }),
    [overrides?.machine, alert, visitor, refetchDeck, queryClient],
  );
  const actor = useActorRef(machine, { input: { sampleIds: samples.map((sample) => sample.id) }, ...actorRuntime(overrides) });
  useReportActor(overrides, actor);

  useSettledAnswer(deckQuery, {
    data: (fetched) => actor.send({ type: 'LOADED', ids: fetched.map((person) => person.id) }),
    error: () => actor.send({ type: 'FAILED' }),
  });
  const fetchingDeck = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  // A visitor's deck is the samples, each time the deck is (re)loaded.
  useEffect(() => {
    if (visitor && fetchingDeck) actor.send({ type: 'FAILED' });
  }, [actor, visitor, fetchingDeck]);

  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading') || snapshot.matches('sorting'));
  const empty = useSelector(actor, (snapshot) => snapshot.matches('empty'));
  const shuffling = useSelector(actor, (snapshot) => snapshot.matches('spinning') || snapshot.matches('revealing'));
  const busy = useSelector(actor, selectIsBusy);
  const currentId = useSelector(actor, selectCurrentId);
  const candidate = currentId === null ? undefined : people.get(currentId);
  const available = useSelector(actor, (snapshot) => snapshot.context.ids.length);
  const matchedId = useSelector(actor, (snapshot) => snapshot.context.matchedId);
  const matched = matchedId !== null;
  // Naming the match keeps the notice from reading as about the next person.
  const matchedName = matchedId === null ? undefined : people.get(matchedId)?.name;
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
        <RecentMatches matches={matches ?? []} />
      </DeckLayout>
    </ScreenFrame>
  );
}
