import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { json, mockApi } from '../../../support/render-app';
import type { Candidate, Match, NearbyUser } from '../../../../../contract/discovery';
import type { PublicUser, User } from '../../../../../contract/members/profile';

export const ME_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ID = '22222222-2222-4222-8222-222222222222';

export function candidate(id: string, name: string, extra: Partial<Candidate> = {}): Candidate {
  return {
    id,
    username: name.toLowerCase(),
    name,
    age: 29,
    gender: 'female',
    region: 'Mumbai',
    avatar: `/api/media/avatar/${name.toLowerCase()}`,
    isOnline: false,
    isVIP: false,
    isDemo: false,
    interests: ['Jazz', 'Hiking', 'Chess', 'Tea'],
    lastActive: 'Active 2 hours ago',
    compatibility: 72,
    ...extra,
  };
}

export function matchOf(person: Candidate, matchId = `match-${person.id}`): Match {
  return { ...person, matchId, matchedAt: '2026-05-01T10:00:00.000Z' };
}

export function nearby(id: string, name: string, distanceKm: number): NearbyUser {
  return { _id: id, username: name.toLowerCase(), name, age: 30, avatar: `/api/media/avatar/${name.toLowerCase()}`, region: 'Mumbai', isOnline: true, isDemo: false, distanceKm };
}

export function me(extra: Partial<User> = {}): User {
  const base: User = {
    _id: ME_ID,
    username: 'alex',
    email: 'alex@example.com',
    emailVerified: true,
    role: 'user',
    avatar: '/api/media/avatar/alex',
    age: 28,
    gender: 'other',
    region: 'Mumbai',
    isOnline: true,
    isVIP: false,
    vipTier: null,
    vipUntil: null,
    interests: ['Coffee', 'Travel'],
    photos: ['/api/media/avatar/alex-1', '/api/media/avatar/alex-2'],
    bio: 'Coffee and long walks.',
    lang: 'English',
    coins: 500,
    coinsOwed: 0,
    showOnRadar: true,
    preferences: { showMe: 'everyone', minAge: 18, maxAge: 99, maxDistanceKm: null },
    onboarding: { completed: true, step: 'preferences' },
    photoNudgeSeen: true,
    readReceipts: true,
    activityVisible: true,
    incognito: false,
    profile: {
      name: 'Alex Demo',
      avatar: '/api/media/avatar/alex',
      isVerified: true,
      isVIP: false,
      vipLevel: 'Gold',
      vipUntil: null,
      age: 28,
      location: 'Mumbai',
      gender: 'other',
      language: 'English',
      bio: 'Coffee and long walks.',
      interests: ['Coffee', 'Travel'],
      photos: ['/api/media/avatar/alex-1', '/api/media/avatar/alex-2'],
      followers: 128,
      following: 96,
      coins: 500,
      lastSeen: '2026-05-01T10:00:00.000Z',
    },
  };
  return { ...base, ...extra };
}

export function publicUser(extra: Partial<PublicUser> = {}): PublicUser {
  const { email: _email, coins: _coins, role: _role, showOnRadar: _showOnRadar, preferences: _preferences, onboarding: _onboarding, photoNudgeSeen: _photoNudgeSeen, readReceipts: _readReceipts, activityVisible: _activityVisible, incognito: _incognito, profile, ...rest } = me({ _id: OTHER_ID, username: 'sam', isOnline: false });
  const { coins: _profileCoins, lastSeen: _lastSeen, ...publicProfile } = profile;
  return { ...rest, isDemo: false, profile: { ...publicProfile, lastActive: 'Active this week', name: 'Sam Rivera', photos: Array.from({ length: 8 }, (_, n) => `/api/media/avatar/sam-${n}`) }, ...extra };
}

/** Signs the in-memory browser in as a user. */
export function signInAsUser(): void {
  localStorage.setItem('user_token', 'user-token');
}

/** For a test file of a member's screens: each test starts signed in on clean storage, and its spies go after it. */
export function signedInForEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    signInAsUser();
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });
}

type Routes = Parameters<typeof mockApi>[0];

/** mockApi plus the public config every page's shell asks for, so tests stay quiet. */
export function mockShellApi(routes: Routes) {
  return mockApi({ 'GET /api/config/public': () => json(200, { success: true, data: { config: {} } }), ...routes });
}

/** A visitor on a members-only screen: the sign-in prompt with its title, Login and Sign Up, each leading back to `from`. */
export async function expectSignInPrompt(title: string, from: string): Promise<void> {
  const prompt = within((await screen.findByRole('heading', { name: title })).parentElement?.parentElement ?? document.body);
  const back = `?redirect=${encodeURIComponent(from)}`;
  expect(prompt.getByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login${back}`);
  expect(prompt.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/register${back}`);
}
