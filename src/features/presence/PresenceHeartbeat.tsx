import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { presenceMachine } from '../../../machines/presence.machine';
import { announceAway } from '../../api/auth';
import { currentUserQueryOptions } from '../../api/me';
import { readTokens } from '../../api/session';
import { actorRuntime, useReportActor, type MachineOverrides } from '../discover/machine-overrides';
import { watchOpenTabs } from './open-tabs';

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
      (
        given ??
        presenceMachine.provide({
          actors: {
            announcePresence: fromPromise(async () => {
              await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
            }),
          },
        })
      ).provide({
        actions: {
          announceAway: () => {
            const { userToken } = readTokens();
            if (userToken) announceAway(userToken);
          },
        },
      }),
    [given, queryClient],
  );
  const actor = useActorRef(machine, actorRuntime(overrides));
  useReportActor(overrides, actor);

  useEffect(() => {
    const tabs = watchOpenTabs();
    const report = () => actor.send(pageEvent());
    const left = () => {
      actor.send({ type: 'PAGE.LEFT', otherTabsOpen: tabs.othersOpen() });
      tabs.leave();
    };
    // Back to a page the browser had kept: it is open again.
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      tabs.rejoin();
      report();
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
      tabs.close();
    };
  }, [actor]);

  return null;
}
