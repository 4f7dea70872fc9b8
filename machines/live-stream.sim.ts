import { fromPromise } from 'xstate';
import type { AudienceRequest, ViewerChat } from './live-stream.machine';

/**
 * SPEC sections 1 and 4: a stream's viewers and their chat are simulated on
 * the client. Each count refresh nudges the viewer count (people arrive
 * faster than they leave early on); each chat fetch now and then brings a
 * viewer's message.
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

/** Chance that a chat fetch brings one new message. */
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

/** The count after one refresh: a few join, fewer leave, never below zero. */
export function nextViewerCount(request: AudienceRequest, { random = Math.random }: SimulatedAudienceOptions = {}): number {
  const joining = Math.floor(random() * (MOST_JOINING + 1));
  const leaving = Math.floor(random() * (MOST_LEAVING + 1));
  return Math.max(0, request.viewers + joining - leaving);
}

/** Now and then one viewer says something; nobody speaks to an empty room. */
export function nextViewerChat(request: AudienceRequest, { random = Math.random, now = () => new Date() }: SimulatedAudienceOptions = {}): ViewerChat {
  if (request.viewers === 0 || random() >= CHAT_CHANCE) return [];
  return [{ user: pick(VIEWER_NAMES, random), message: pick(VIEWER_LINES, random), timestamp: now().toISOString() }];
}

export function createSimulatedAudienceActors(options: SimulatedAudienceOptions = {}) {
  return {
    countViewers: fromPromise<number, AudienceRequest>(({ input }) => Promise.resolve(nextViewerCount(input, options))),
    fetchViewerChat: fromPromise<ViewerChat, AudienceRequest>(({ input }) => Promise.resolve(nextViewerChat(input, options))),
  };
}
