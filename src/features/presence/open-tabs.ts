/**
 * Which other tabs of this browser have Orbit open for the signed-in member,
 * so that closing one of several tabs does not tell the server the member has
 * gone. Tabs find each other on a BroadcastChannel: a new tab says hello,
 * every open tab answers, and a closing tab says goodbye. A tab that crashed
 * never says goodbye; the one left then stays quiet on closing, and the
 * server's presence timeout takes the member offline as before.
 */
export interface OpenTabs {
  othersOpen: () => boolean;
  /** This tab is on screen again (restored from the browser's back-forward cache). */
  rejoin: () => void;
  /** This tab is going: the others stop counting it. */
  leave: () => void;
  close: () => void;
}

type TabMessage = { kind: 'hello' | 'here' | 'bye'; tab: string };

export const OPEN_TABS_CHANNEL = 'orbit-open-tabs';

function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { kind, tab } = data as Partial<TabMessage>;
  return (kind === 'hello' || kind === 'here' || kind === 'bye') && typeof tab === 'string';
}

export function watchOpenTabs(): OpenTabs {
  // Without BroadcastChannel each tab counts itself the last: closing one may take the member offline early.
  if (typeof BroadcastChannel === 'undefined') return { othersOpen: () => false, rejoin: () => {}, leave: () => {}, close: () => {} };
  // Unique among this browser's tabs is enough (crypto.randomUUID needs a secure context, which plain-http hosting lacks).
  const tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const others = new Set<string>();
  const channel = new BroadcastChannel(OPEN_TABS_CHANNEL);
  const say = (kind: TabMessage['kind']) => channel.postMessage({ kind, tab } satisfies TabMessage);
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (!isTabMessage(data) || data.tab === tab) return;
    if (data.kind === 'bye') {
      others.delete(data.tab);
      return;
    }
    others.add(data.tab);
    if (data.kind === 'hello') say('here');
  };
  say('hello');
  return {
    othersOpen: () => others.size > 0,
    rejoin: () => say('hello'),
    leave: () => say('bye'),
    close: () => {
      say('bye');
      channel.close();
    },
  };
}
