import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IncomingCallHost } from '../../../../src/features/calls/IncomingCallHost';
import { createRingTone, type RingTone } from '../../../../src/features/calls/ring-tone';
import { createRealtimeHub, type CallHubEvent } from '../../../../src/realtime/hub';
import { currentPath, renderScreen } from '../media/screen-harness';

/**
 * Being called on any page: the panel the member layer shows while a call
 * rings for this tab, played through a hub the test speaks for the server on.
 */

const CALL_ID = '5b7d1c1e-2f0a-4c39-9a55-0d6f3b8e4a21';
const MAYA = { id: '7f9c2a4e-1b3d-4c5e-8f60-112233445566', name: 'Maya Rao', avatar: '/api/media/avatar/maya-r' };

function setup() {
  const hub = createRealtimeHub();
  const sent: Array<{ name: string; payload: unknown }> = [];
  hub.setCommandSender((name, payload) => {
    sent.push({ name, payload });
    return Promise.resolve({ ok: true });
  });
  hub.publish({ type: 'status', status: 'connected' });
  const tone: RingTone & { playing: boolean } = {
    playing: false,
    start: () => void (tone.playing = true),
    stop: () => void (tone.playing = false),
  };
  const view = renderScreen(
    <>
      <button type="button">Somewhere on the page</button>
      <IncomingCallHost hub={hub} ringTone={tone} />
    </>,
  );
  const server = (event: CallHubEvent) => act(() => hub.publish({ type: 'call', event }));
  return { ...view, sent, tone, server };
}

async function ring(server: ReturnType<typeof setup>['server']) {
  await screen.findByRole('button', { name: 'Somewhere on the page' });
  server({ name: 'call:incoming', payload: { callId: CALL_ID, peer: MAYA } });
  return screen.getByRole('alertdialog', { name: 'Incoming video call from Maya Rao' });
}

describe('the incoming-call panel', () => {
  it("rings with the caller's photo and name, focus on Answer, and Answer opens the call with its id", async () => {
    const user = userEvent.setup();
    const { sent, tone, server, router } = setup();
    const panel = await ring(server);
    expect(within(panel).getByRole('img', { name: 'Maya Rao' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Answer' })).toHaveFocus();
    expect(within(panel).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(sent).toContainEqual({ name: 'call:ringing', payload: { callId: CALL_ID } });
    expect(tone.playing).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/video-call/${MAYA.id}`));
    expect(router.state.location.search).toEqual({ call: CALL_ID });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(tone.playing).toBe(false);
    expect(sent.some((command) => command.name === 'call:decline')).toBe(false);
  });

  it('Decline declines the call and stays on the page', async () => {
    const user = userEvent.setup();
    const { sent, tone, server, router } = setup();
    const panel = await ring(server);
    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    expect(sent).toContainEqual({ name: 'call:decline', payload: { callId: CALL_ID } });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(tone.playing).toBe(false);
    expect(currentPath(router)).toBe('/screen');
  });

  it('Escape declines', async () => {
    const user = userEvent.setup();
    const { sent, server } = setup();
    await ring(server);
    await user.keyboard('{Escape}');
    expect(sent).toContainEqual({ name: 'call:decline', payload: { callId: CALL_ID } });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('goes quiet when another tab answered, or the caller gave up', async () => {
    const { sent, tone, server } = setup();
    await ring(server);
    server({ name: 'call:answered', payload: { callId: CALL_ID } });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(tone.playing).toBe(false);

    const next = '00000000-0000-4000-8000-000000000001';
    server({ name: 'call:incoming', payload: { callId: next, peer: MAYA } });
    expect(screen.getByRole('alertdialog', { name: 'Incoming video call from Maya Rao' })).toBeInTheDocument();
    server({ name: 'call:ended', payload: { callId: next, reason: 'cancelled', seconds: null } });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.some((command) => command.name === 'call:decline')).toBe(false);
  });
});

describe('the ring tone', () => {
  it('stays silent on a page nobody has interacted with yet, and never throws when audio is blocked', () => {
    const made = vi.fn();
    class BlockedAudio {
      constructor() {
        made();
        throw new DOMException('blocked', 'NotAllowedError');
      }
    }
    vi.stubGlobal('AudioContext', BlockedAudio);
    try {
      const untouched = createRingTone({ mayPlay: () => false });
      expect(() => untouched.start()).not.toThrow();
      expect(made).not.toHaveBeenCalled();
      const touched = createRingTone({ mayPlay: () => true });
      expect(() => touched.start()).not.toThrow();
      expect(made).toHaveBeenCalledTimes(1);
      expect(() => touched.stop()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
