import { fromPromise } from 'xstate';
import type { AudienceRequest, AudienceUpdate } from './live-stream.machine';

/**
 * SPEC sections 1 and 4: a stream's viewers and their chat are simulated on
 * the client. Each report nudges the viewer count (people arrive faster than
 * they leave early on) and now and then a viewer says something.
 */

const VIEWER_NAMES = ['Priya', 'Arjun', 'Meera', 'Rohan', 'Ananya', 'Kabir', 'Isha', 'Dev'] as const;
const VIEWER_LINES = [
  'Hi from Mumbai! 👋',
  'Love the vibe here',
  'What are you up to today?',
  'Great stream!',
  'Say hi to everyone 😊',
  'Where are you streaming from?',
] as const;

/** Chance that a report carries one new chat message. */
const CHAT_CHANCE = 0.5;
const MOST_JOINING = 5;
const MOST_LEAVING = 2;

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.min(items.length - 1, Math.floor(random() * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export interface SimulatedAudienceOptions {
  /** A number in [0, 1), like Math.random (the default). */
  random?: () => number;
  now?: () => Date;
}

export function nextAudience(request: AudienceRequest, { random = Math.random, now = () => new Date() }: SimulatedAudienceOptions = {}): AudienceUpdate {
  const joining = Math.floor(random() * (MOST_JOINING + 1));
  const leaving = Math.floor(random() * (MOST_LEAVING + 1));
  const viewers = Math.max(0, request.viewers + joining - leaving);
  const speaks = viewers > 0 && random() < CHAT_CHANCE;
  const messages = speaks ? [{ user: pick(VIEWER_NAMES, random), message: pick(VIEWER_LINES, random), timestamp: now().toISOString() }] : [];
  return { viewers, messages };
}

export function createSimulatedAudienceActors(options: SimulatedAudienceOptions = {}) {
  return {
    pollAudience: fromPromise<AudienceUpdate, AudienceRequest>(({ input }) => Promise.resolve(nextAudience(input, options))),
  };
}
