import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { presenceMachine } from '../../../../machines/members/presence.machine';
import { currentUserQueryOptions } from '../../../api/members';
import { actorRuntime, useReportActor, type MachineOverrides } from '../../../lib/machine-overrides';

const pageEvent = () => ({ type: document.visibilityState === 'hidden' ? ('PAGE.HIDDEN' as const) : ('PAGE.VISIBLE' as const) });

/**
 * Mounted while a member is signed in. The heartbeat is the member's own
 * account, asked for afresh: the server notes the activity, and the balance
 * and VIP status shown on screen stay current as a bonus. A session ended
 * elsewhere answers 401 here, which signs this page out within a heartbeat.
 */
export function PresenceHeartbeat({ overrides }: { overrides?: MachineOverrides<typeof presenceMachine> }) {
  const queryClient = useQueryClient();
  const given = overrides?.machine;
  const machine = useMemo(
    () =>
      given ??
      presenceMachine.provide({
        actors: {
          announcePresence: fromPromise(async () => {
            await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
          }),
        },
      }),
    [given, queryClient],
  );
  const actor = useActorRef(machine, actorRuntime(overrides));
  useReportActor(overrides, actor);

  useEffect(() => {
    const report = () => actor.send(pageEvent());
    // Nothing is sent as the page goes: the server sees its realtime connection close, and waits out a reload.
    const left = () => actor.send({ type: 'PAGE.LEFT' });
    // Back to a page the browser had kept: it is open again.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) report();
    };
    // Mounted in a background tab (a page restored by the browser), it starts away.
    if (document.visibilityState === 'hidden') report();
    document.addEventListener('visibilitychange', report);
    window.addEventListener('pagehide', left);
    window.addEventListener('pageshow', restored);
    return () => {
      document.removeEventListener('visibilitychange', report);
      window.removeEventListener('pagehide', left);
      window.removeEventListener('pageshow', restored);
    };
  }, [actor]);

  return null;
}
