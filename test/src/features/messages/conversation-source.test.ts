import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createActor, toPromise } from 'xstate';
import type { Match } from '../../../../contract/discovery';
import { sampleConversations } from '../../../../machines/messaging.sim';
import { createConversationLoader, NEW_CONTACT_PREVIEW, NEW_MATCH_PREVIEW } from '../../../../src/features/messages/conversation-source';
import { json, mockApi } from '../../support/render-app';

const now = new Date(2026, 2, 10, 12, 0);
const MAYA_ID = '7f9c2a4e-1b3d-4c5e-8f60-112233445566';
const ROHAN_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f00112233';

const maya: Match = {
  id: MAYA_ID,
  username: 'maya_r',
  name: 'Maya Rao',
  age: 27,
  gender: 'female',
  region: 'Mumbai',
  avatar: '/api/media/avatar/maya-r',
  isOnline: true,
  isVIP: false,
  interests: ['Travel'],
  lastActive: 'Online now',
  compatibility: 80,
  matchId: 'm-1',
  matchedAt: new Date(2026, 2, 9, 18, 0).toISOString(),
};

const rohanProfile = {
  user: {
    _id: ROHAN_ID,
    username: 'rohan_k',
    avatar: '/api/media/avatar/rohan-k',
    age: 30,
    gender: 'male',
    region: 'Pune',
    isOnline: false,
    isVIP: false,
    vipTier: null,
    vipUntil: null,
    interests: [],
    photos: [],
    bio: '',
    lang: 'en',
    profile: {
      name: 'Rohan Kapoor',
      avatar: '/api/media/avatar/rohan-k',
      isVerified: false,
      isVIP: false,
      vipLevel: 'none',
      vipUntil: null,
      age: 30,
      location: 'Pune',
      gender: 'male',
      language: 'en',
      bio: '',
      interests: [],
      photos: [],
      followers: 0,
      following: 0,
      lastSeen: null,
    },
  },
  relationship: { decision: null, isMatch: false },
};

function load(options: { signedIn: boolean; withUserId?: string | null }) {
  const loader = createConversationLoader({ queryClient: new QueryClient(), isSignedIn: () => options.signedIn, now: () => now });
  return toPromise(createActor(loader, { input: { withUserId: options.withUserId ?? null } }).start());
}

afterEach(() => localStorage.clear());

describe('where the conversation list comes from', () => {
  it("lists one conversation per match of the signed-in user", async () => {
    const api = mockApi({ 'GET /api/matches': () => json(200, { matches: [maya] }) });
    const conversations = await load({ signedIn: true });
    expect(conversations).toEqual([
      { id: MAYA_ID, name: 'Maya Rao', avatar: '/api/media/avatar/maya-r', lastMessage: NEW_MATCH_PREVIEW, timestamp: maya.matchedAt, unread: 0, isOnline: true },
    ]);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/matches']);
  });

  it("lists none for a member without matches, fails when their matches cannot be read, and gives visitors the samples (without asking)", async () => {
    mockApi({ 'GET /api/matches': () => json(200, { matches: [] }) });
    expect(await load({ signedIn: true })).toEqual([]);
    mockApi({ 'GET /api/matches': () => json(500, { success: false, message: 'Database unavailable' }) });
    await expect(load({ signedIn: true })).rejects.toThrow('Database unavailable');
    const api = mockApi({});
    expect(await load({ signedIn: false })).toEqual(sampleConversations(now));
    expect(api.calls).toEqual([]);
  });

  it('adds the ?with= person at the top when they are not a match yet, and skips an unknown one', async () => {
    mockApi({
      'GET /api/matches': () => json(200, { matches: [maya] }),
      [`GET /api/user/${ROHAN_ID}`]: () => json(200, rohanProfile),
    });
    const withRohan = await load({ signedIn: true, withUserId: ROHAN_ID });
    expect(withRohan.map((conversation) => [conversation.id, conversation.name, conversation.lastMessage])).toEqual([
      [ROHAN_ID, 'Rohan Kapoor', NEW_CONTACT_PREVIEW],
      [MAYA_ID, 'Maya Rao', NEW_MATCH_PREVIEW],
    ]);

    const api = mockApi({ 'GET /api/matches': () => json(200, { matches: [maya] }) });
    const unknown = await load({ signedIn: true, withUserId: 'b1b2b3b4-0000-4000-8000-000000000000' });
    expect(unknown.map((conversation) => conversation.id)).toEqual([MAYA_ID]);
    expect(api.calls.map((call) => call.path)).toContain('/api/user/b1b2b3b4-0000-4000-8000-000000000000');

    // A match already in the list is not fetched again.
    const already = mockApi({ 'GET /api/matches': () => json(200, { matches: [maya] }) });
    await load({ signedIn: true, withUserId: MAYA_ID });
    expect(already.calls.map((call) => call.path)).toEqual(['/api/matches']);
  });
});
