import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import type { videoCallMachine } from '../../machines/video-call.machine';
import { VideoCallScreen } from '../../src/features/video-call/VideoCallScreen';
import { captureRootActor, recordingMediaSession, control, currentPath, hasControl, none, one, renderScreen, textOf } from '../src/features/media/screen-harness';
import { printCoverageAfterAll, type ModelPath } from '../support/model';
import { clockText, expectedCall, type CallEffect, type ExpectedCall } from './video-call-expectations';
import { videoCallModel } from './video-call-model';

/**
 * The video call machine's shortest and simple paths walked on the real
 * call screen: every control is clicked as a person would, every timed step
 * advances the simulated clock by its named delay and nothing else, and
 * after every step the screen and the camera and microphone effects must
 * match SPEC's behaviour (video-call-expectations).
 */

/** SPEC section 9's call timings (the timer ticks each second), written here rather than read from the machine. */
const SPEC_DELAYS = { CONNECT_DELAY: 2000, TICK: 1000, QUALITY_REFRESH: 10_000, END_REDIRECT_DELAY: 2000 } as const;

const QUALITY_TEXT = { good: 'Good', fair: 'Fair', poor: 'Poor' } as const;

const USER_ACTIONS: Record<string, string> = {
  CONTINUE_AUDIO_ONLY: 'Continue with audio only',
  END: 'End call',
};

function controlLabel(event: AnyEventObject, expected: ExpectedCall): string {
  switch (event.type) {
    case 'TOGGLE_MUTE':
      return expected.muted ? 'Unmute' : 'Mute';
    case 'TOGGLE_CAMERA':
      return expected.cameraOff ? 'Turn camera on' : 'Turn camera off';
    case 'SWITCH_CAMERA':
      return expected.switching ? 'Switching...' : 'Switch camera';
    default: {
      const label = USER_ACTIONS[event.type];
      if (!label) throw new Error(`No user action for ${event.type}`);
      return label;
    }
  }
}

/** Clicks what a person would; a control the machine would refuse must be unavailable on screen. */
function perform(event: AnyEventObject, before: ExpectedCall, after: ExpectedCall) {
  const label = controlLabel(event, before);
  const refused = JSON.stringify({ ...before, effects: [] }) === JSON.stringify({ ...after, effects: [] });
  if (event.type === 'CONTINUE_AUDIO_ONLY' && refused) {
    expect(hasControl(label)).toBe(false);
    return;
  }
  const button = control(label);
  if (refused) expect(button).toBeDisabled();
  fireEvent.click(button);
}

function expectControls(expected: ExpectedCall) {
  const inCall = expected.phase === 'connecting' || expected.phase === 'connected';
  const group = one('[role="group"][aria-label="Call controls"]');
  const mute = control(expected.muted ? 'Unmute' : 'Mute', group);
  expect(mute.hasAttribute('disabled')).toBe(!inCall);
  const camera = control(expected.cameraOff ? 'Turn camera on' : 'Turn camera off', group);
  expect(camera.hasAttribute('disabled')).toBe(!(inCall && expected.media?.hasVideo));
  const canSwitch = expected.phase === 'connected' && !expected.switching && expected.media?.hasVideo === true && expected.media.cameraCount > 1;
  const switcher = control(expected.switching ? 'Switching...' : 'Switch camera', group);
  expect(switcher.hasAttribute('disabled')).toBe(!canSwitch);
  expect(control('End call', group)).toBeEnabled();
}

function expectScreen(expected: ExpectedCall) {
  expect(one('h1')).toHaveTextContent('Video call with Orbit member');
  const status = {
    startingMedia: 'Starting your camera and microphone...',
    startingAudio: 'Starting your camera and microphone...',
    mediaBlocked: 'Waiting for you',
    connecting: 'Connecting...',
    connected: 'Connected',
    ended: 'Call ended',
    left: 'Call ended',
  }[expected.phase];
  expect(one('p[role="status"]')).toHaveTextContent(status);

  if (expected.phase === 'connected') {
    expect(one('[role="timer"]')).toHaveTextContent(clockText(expected.elapsedSeconds));
    expect(textOf()).toContain(`Quality: ${QUALITY_TEXT[expected.quality]}`);
  } else {
    none('[role="timer"]');
    expect(textOf()).not.toContain('Quality:');
  }

  const ended = expected.phase === 'ended' || expected.phase === 'left';
  const showsCamera = expected.media?.hasVideo === true && !expected.cameraOff && !ended;
  if (showsCamera) one('video[aria-label="Your camera"]');
  else none('video');

  if (expected.phase === 'mediaBlocked' && expected.problem) {
    const alert = one('[role="alert"]');
    const title = {
      camera: { denied: 'Camera access was blocked', missing: 'No camera found', unavailable: "Your camera isn't available" },
      microphone: { denied: 'Your microphone is unavailable too', missing: 'Your microphone is unavailable too', unavailable: 'Your microphone is unavailable too' },
    }[expected.problem.device][expected.problem.kind];
    expect(alert).toHaveTextContent(title);
    expect(hasControl('Continue with audio only', alert)).toBe(expected.problem.device === 'camera');
    expect(hasControl('End call', alert)).toBe(true);
    none('[role="group"]');
  } else {
    none('[role="alert"]');
  }

  if (ended) {
    const notice = one('div[role="status"]');
    expect(notice).toHaveTextContent('Call ended');
    expect(notice).toHaveTextContent(`Call length ${clockText(expected.elapsedSeconds)}. Taking you back to Discover...`);
    none('[role="group"]');
  } else if (expected.phase !== 'mediaBlocked') {
    expectControls(expected);
  }
}

/**
 * The time SPEC says must have passed: the connect delay, a second per
 * counted second, and the redirect delay once the screen has left. Quality
 * checks fall on whole seconds of the call, so they add nothing of their own.
 */
function specTime(expected: ExpectedCall): number {
  return (expected.wasConnected ? SPEC_DELAYS.CONNECT_DELAY : 0) + expected.elapsedSeconds * SPEC_DELAYS.TICK + (expected.phase === 'left' ? SPEC_DELAYS.END_REDIRECT_DELAY : 0);
}

/** Quality checks run every QUALITY_REFRESH of connected time. */
function qualityChecks(events: readonly AnyEventObject[]): number {
  return events.filter((event) => event.type.startsWith('xstate.after.QUALITY_REFRESH.')).length;
}

function walk(path: ModelPath<typeof videoCallMachine>) {
  const effects: CallEffect[] = [];
  let router: ReturnType<typeof renderScreen>['router'] | undefined;
  // A timed step may fire two timers at once (the tenth second and the quality check).
  const eventsUpTo = (stepIndex: number) => path.steps.slice(0, stepIndex + 1).flatMap((step) => step.applied);
  return videoCallModel.replay(path, {
    mount: async ({ machine, clock, inspect }) => {
      const session = recordingMediaSession((effect) => void effects.push(effect));
      const root = captureRootActor(inspect);
      const view = renderScreen(<VideoCallScreen machine={machine} clock={clock} inspect={root.inspect} createSession={() => session} />);
      router = view.router;
      await waitFor(() => expect(one('h1')).toBeInTheDocument());
      return { actor: await root.actor(), unmount: () => view.unmount() };
    },
    executeEvent: (event, { stepIndex }) => {
      perform(event, expectedCall(eventsUpTo(stepIndex - 1)), expectedCall(eventsUpTo(stepIndex)));
    },
    assertState: async (_expected, { clock, stepIndex }) => {
      const events = eventsUpTo(stepIndex);
      const expected = expectedCall(events);
      if (expected.phase === 'left') {
        await waitFor(() => expect(router && currentPath(router)).toBe('/users'), { interval: 5 });
      } else {
        await waitFor(() => expectScreen(expected), { interval: 5 });
        expect(router && currentPath(router)).toBe('/screen');
      }
      expect(effects.filter((effect) => effect[0] !== 'leave')).toEqual(expected.effects.filter((effect) => effect[0] !== 'leave'));
      expect(clock.now()).toBe(specTime(expected));
      expect(qualityChecks(events)).toBe(expected.wasConnected ? Math.floor((expected.elapsedSeconds * SPEC_DELAYS.TICK) / SPEC_DELAYS.QUALITY_REFRESH) : 0);
    },
  });
}

printCoverageAfterAll();

describe('video call on the call screen, every shortest path', () => {
  const paths = videoCallModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(30));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('video call on the call screen, every simple path', () => {
  const paths = videoCallModel.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(50));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('video call machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = videoCallModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
