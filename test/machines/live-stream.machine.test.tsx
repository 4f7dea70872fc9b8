import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import type { liveStreamMachine } from '../../machines/live-stream.machine';
import { LiveStreamScreen } from '../../src/features/live-stream/LiveStreamScreen';
import { captureRootActor, recordingMediaSession, control, currentPath, hasControl, none, one, renderScreen, textOf } from '../src/features/media/screen-harness';
import { printCoverageAfterAll, type MachineModel, type ModelPath } from '../support/model';
import { expectedStream, PERMISSION_WORDS, TITLE_ALERT, type ExpectedStream, type StreamEffect } from './live-stream-expectations';
import { BASE, liveStreamOnAirModel, liveStreamSetupModel } from './live-stream-model';

/**
 * The live stream machine's shortest and simple paths, from two models (every
 * way through setup; every control once on air), walked on the real stream
 * screen: events are what a person types and clicks, timed steps advance the
 * simulated clock by their named delay and nothing else, and after every
 * step the screen, the alerts and the camera and microphone effects must
 * match SPEC's behaviour (live-stream-expectations).
 */

/** SPEC section 9's post-stream redirect, and the audience refresh intervals this design chose. */
const EXPECTED_DELAYS = { VIEWER_COUNT_REFRESH: 3000, VIEWER_CHAT_REFRESH: 4000, END_REDIRECT_DELAY: 2000 } as const;

let alertSpy: MockInstance<(message?: string) => void>;
beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => alertSpy.mockRestore());

function titleField(): HTMLInputElement {
  return one('form[aria-label="Stream setup"] input[name="title"]') as HTMLInputElement;
}
/** Its busy label ('Starting camera...') sits hidden beside 'Go Live', so it is found by its place. */
function goLiveButton(): HTMLElement {
  return one('form[aria-label="Stream setup"] button[type="submit"]');
}
function chatField(): HTMLInputElement {
  return one('input[aria-label="Chat message"]') as HTMLInputElement;
}

/** Clicks and types what a person would; a control the machine would refuse must be unavailable on screen. */
function perform(event: AnyEventObject, before: ExpectedStream) {
  switch (event.type) {
    case 'TITLE.CHANGE':
      fireEvent.change(titleField(), { target: { value: String(event.title) } });
      return;
    case 'GO_LIVE':
      fireEvent.click(goLiveButton());
      return;
    case 'RETRY_PREVIEW':
      fireEvent.click(control('Try Again'));
      return;
    case 'TOGGLE_MUTE':
      fireEvent.click(control(before.muted ? 'Unmute' : 'Mute'));
      return;
    case 'TOGGLE_CAMERA':
      fireEvent.click(control(before.cameraOff ? 'Turn camera on' : 'Turn camera off'));
      return;
    case 'SHARE':
      fireEvent.click(control('Share'));
      return;
    case 'CHAT.CHANGE':
      fireEvent.change(chatField(), { target: { value: String(event.text) } });
      return;
    case 'CHAT.SEND':
      // Enter in the field submits its form, as the Send button does.
      fireEvent.submit(one('form[aria-label="Send a chat message"]'));
      return;
    case 'END_STREAM':
      fireEvent.click(control('End Stream'));
      return;
    case 'BACK_TO_PROFILE':
      fireEvent.click(control('Back to Profile'));
      return;
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectSetup(expected: ExpectedStream) {
  expect(titleField()).toHaveValue(expected.title);
  const goLive = goLiveButton();
  const preview = one('section[aria-label="Camera preview"]');
  if (expected.phase === 'startingPreview') {
    expect(goLive).toBeDisabled();
    expect(goLive).toHaveTextContent('Starting camera...');
    expect(textOf(preview)).toContain('Starting your camera...');
  } else {
    expect(goLive).toBeEnabled();
    expect(textOf(goLive)).toContain('Go Live');
  }
  if (expected.phase === 'previewing') one('video[aria-label="Your camera preview"]', preview);
  else none('video', preview);
  if (expected.phase === 'previewFailed') {
    expect(textOf(preview)).toContain('Camera and microphone unavailable');
    expect(hasControl('Try Again', preview)).toBe(true);
  }
}

function expectLive(expected: ExpectedStream) {
  expect(textOf()).toContain('LIVE');
  expect(textOf()).toContain(`${expected.viewers} ${expected.viewers === 1 ? 'viewer' : 'viewers'}`);
  expect(textOf()).toContain(expected.title.trim());
  if (expected.cameraOff) {
    none('video');
    expect(textOf()).toContain('Camera off');
  } else {
    one('video[aria-label="Your live camera"]');
  }
  const controls = one('[role="group"][aria-label="Stream controls"]');
  control(expected.muted ? 'Unmute' : 'Mute', controls);
  control(expected.cameraOff ? 'Turn camera on' : 'Turn camera off', controls);
  expect(control(expected.sharing ? 'Sharing...' : 'Share', controls).hasAttribute('disabled')).toBe(expected.sharing);
  control('End Stream', controls);

  const confirmations = { copied: 'Link copied to clipboard', shared: 'Thanks for sharing your stream!', failed: "Couldn't share the link." };
  const shown = expected.share && expected.share !== 'cancelled' ? confirmations[expected.share] : null;
  if (shown) expect(textOf()).toContain(shown);
  for (const text of Object.values(confirmations)) if (text !== shown) expect(textOf()).not.toContain(text);

  if (expected.chat.length === 0) {
    expect(textOf()).toContain('No messages yet. Say hello to your viewers!');
  } else {
    const lines = [...one('[role="log"][aria-label="Chat messages"]').querySelectorAll('li')].map((line) => textOf(line));
    expect(lines.map((line, index) => line.slice(0, `${expected.chat[index]?.user} ${expected.chat[index]?.message}`.length))).toEqual(
      expected.chat.map(({ user, message }) => `${user} ${message}`),
    );
  }
  expect(chatField()).toHaveValue(expected.draft);
}

function expectScreen(expected: ExpectedStream) {
  expect(one('h1')).toHaveTextContent('Live Stream');
  if (expected.phase === 'live') expectLive(expected);
  else if (expected.phase === 'ended') {
    expect(one('h2')).toHaveTextContent('Stream ended');
    expect(textOf()).toContain(
      expected.peakViewers > 0
        ? `At its busiest, ${expected.peakViewers} ${expected.peakViewers === 1 ? 'viewer' : 'viewers'} watched.`
        : 'No one tuned in this time.',
    );
    expect(textOf()).toContain('Taking you to your profile...');
    control('Back to Profile');
    none('video');
  } else expectSetup(expected);
}

function expectAlerts(expected: ExpectedStream) {
  const raised = alertSpy.mock.calls.map(([message]) => String(message));
  expect(raised).toHaveLength(expected.alerts.length);
  expected.alerts.forEach((kind, index) => {
    if (kind === 'title') expect(raised[index]).toBe(TITLE_ALERT);
    else for (const word of PERMISSION_WORDS) expect(raised[index]?.toLowerCase()).toContain(word);
  });
}

/**
 * The clock after a path prefix: setup and going live take no time; on air
 * the n-th viewer count comes at n x 3 s and the m-th chat fetch at m x 4 s,
 * each timer running on its own; the automatic redirect adds its 2 s.
 */
function expectedClock(expected: ExpectedStream): number {
  const onAir = Math.max(expected.countRefreshes * EXPECTED_DELAYS.VIEWER_COUNT_REFRESH, expected.chatRefreshes * EXPECTED_DELAYS.VIEWER_CHAT_REFRESH);
  return onAir + (expected.redirected ? EXPECTED_DELAYS.END_REDIRECT_DELAY : 0);
}

function walk(model: MachineModel<typeof liveStreamMachine>, path: ModelPath<typeof liveStreamMachine>) {
  const effects: StreamEffect[] = [];
  let router: ReturnType<typeof renderScreen>['router'] | undefined;
  const eventsUpTo = (stepIndex: number) => path.steps.slice(0, stepIndex + 1).flatMap((step) => step.applied);
  return model.replay(path, {
    mount: async ({ machine, clock, inspect }) => {
      const session = recordingMediaSession((effect) => void effects.push(effect));
      const root = captureRootActor(inspect);
      const view = renderScreen(
        <LiveStreamScreen
          machine={machine}
          clock={clock}
          inspect={root.inspect}
          createSession={() => session}
          now={() => new Date(BASE.getTime() + clock.now())}
        />,
      );
      router = view.router;
      await waitFor(() => expect(one('h1')).toBeInTheDocument());
      return { actor: await root.actor(), unmount: () => view.unmount() };
    },
    executeEvent: (event, { stepIndex }) => perform(event, expectedStream(eventsUpTo(stepIndex - 1))),
    assertState: async (_expected, { clock, stepIndex }) => {
      const events = eventsUpTo(stepIndex);
      const expected = expectedStream(events);
      if (expected.phase === 'left') {
        await waitFor(() => expect(router && currentPath(router)).toBe('/profile'), { interval: 5 });
      } else {
        await waitFor(() => expectScreen(expected), { interval: 5 });
        expect(router && currentPath(router)).toBe('/screen');
      }
      expectAlerts(expected);
      expect(effects).toEqual(expected.effects);
      expect(clock.now()).toBe(expectedClock(expected));
    },
  });
}

printCoverageAfterAll();

for (const [name, model] of [
  ['setup', liveStreamSetupModel],
  ['on air', liveStreamOnAirModel],
] as const) {
  describe(`live stream (${name}) on the stream screen, every shortest path`, () => {
    const paths = model.shortestPaths();
    it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
    for (const path of paths) it(path.description, () => walk(model, path));
  });

  describe(`live stream (${name}) on the stream screen, every simple path`, () => {
    const paths = model.simplePaths();
    it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
    for (const path of paths) it(path.description, () => walk(model, path));
  });
}

describe('live stream machine coverage (both models together)', () => {
  it('entered every state and took every transition', () => {
    const coverage = liveStreamOnAirModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
