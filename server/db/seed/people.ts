import { avatarLookFor, avatarPath } from '../../../contract/avatar';
import type { NewUserRow } from '../schema';
import {
  BIO_CLOSERS,
  BIO_OPENERS,
  DEMO_CITIES,
  INTEREST_LINES,
  INTERESTS,
  MUMBAI,
  NAMES,
  VIP_TIERS,
  type DemoCity,
} from './people-data';
import { chance, intBetween, pick, pointNear, sample, type Random } from './random';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Usernames must suit both the register rules ([a-z0-9_]) and media seeds ([a-z0-9-]). */
function usernameBase(firstName: string, familyName: string): string {
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  return `${ascii(firstName)}${ascii(familyName).slice(0, 1)}`;
}

function uniqueUsername(random: Random, base: string, taken: Set<string>): string {
  for (;;) {
    const candidate = `${base}${intBetween(random, 10, 99)}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

function pickGender(random: Random): 'female' | 'male' | 'other' {
  const roll = random();
  if (roll < 0.48) return 'female';
  if (roll < 0.96) return 'male';
  return 'other';
}

/** 18 to 60, most people in their twenties and thirties. */
function pickAge(random: Random): number {
  return 18 + Math.floor(42 * random() ** 1.8);
}

function writeBio(random: Random, interests: readonly (typeof INTERESTS)[number][]): string {
  const favourite = interests[0];
  const parts = [pick(random, BIO_OPENERS), favourite ? INTEREST_LINES[favourite] : '', pick(random, BIO_CLOSERS)];
  return parts.filter(Boolean).join(' ');
}

/** Heavier at the low end: many people with a little, few with a lot. */
function skewedCount(random: Random, max: number): number {
  return Math.floor(max * random() ** 2.5);
}

function buildPerson(
  random: Random,
  city: DemoCity,
  context: { now: Date; passwordHash: string; takenUsernames: Set<string> },
): NewUserRow {
  const { now } = context;
  const gender = pickGender(random);
  const names = NAMES[city.names];
  const firstName = pick(random, gender === 'female' ? names.female : gender === 'male' ? names.male : names.neutral);
  const familyName = pick(random, names.family);
  const username = uniqueUsername(random, usernameBase(firstName, familyName), context.takenUsernames);
  const location = pointNear(random, city.centre, city.radiusKm, city.bearingDegrees);
  const interests = sample(random, INTERESTS, intBetween(random, 3, 6));
  const isOnline = chance(random, 0.3);
  const lastSeenAt = isOnline
    ? new Date(now.getTime() - intBetween(random, 0, 10) * MINUTE_MS)
    : new Date(now.getTime() - Math.floor(14 * DAY_MS * random() ** 1.5) - 15 * MINUTE_MS);
  const createdAt = new Date(lastSeenAt.getTime() - intBetween(random, 1, 365) * DAY_MS);
  const isVip = chance(random, 0.15);
  const photoCount = intBetween(random, 0, 6);
  const look = avatarLookFor(gender);

  return {
    username,
    email: `${username}@demo.orbit.example`,
    passwordHash: context.passwordHash,
    role: 'user',
    name: `${firstName} ${familyName}`,
    avatar: avatarPath(username, look),
    age: pickAge(random),
    gender,
    region: city.name,
    language: pick(random, city.languages),
    bio: writeBio(random, interests),
    interests,
    photos: Array.from({ length: photoCount }, (_, index) => avatarPath(username, look, index + 1)),
    isVerified: chance(random, 0.4),
    isOnline,
    isHidden: chance(random, 0.03),
    isVip,
    vipTier: isVip ? pick(random, VIP_TIERS) : null,
    vipUntil: isVip ? new Date(now.getTime() + intBetween(random, 5, 300) * DAY_MS) : null,
    coins: skewedCount(random, 3000),
    followers: skewedCount(random, 2500),
    following: skewedCount(random, 600),
    latitude: location.latitude,
    longitude: location.longitude,
    lastSeenAt,
    isDemo: true,
    createdAt,
    updatedAt: lastSeenAt,
  };
}

/** About 300 demo people, most around Mumbai, all sharing one unusable password hash. */
export function buildDemoPeople(random: Random, now: Date, passwordHash: string, reservedUsernames: string[]): NewUserRow[] {
  const takenUsernames = new Set(reservedUsernames);
  return DEMO_CITIES.flatMap((city) =>
    Array.from({ length: city.people }, () => buildPerson(random, city, { now, passwordHash, takenUsernames })),
  );
}

/** The documented account anyone can sign in with to try the app. */
export function buildDemoAccount(now: Date, passwordHash: string, username: string): NewUserRow {
  return {
    username,
    email: 'demo@orbit.example',
    passwordHash,
    role: 'user',
    name: 'Alex Demo',
    avatar: avatarPath(username),
    age: 28,
    gender: 'other',
    region: 'Mumbai',
    language: 'English',
    bio: 'Exploring Orbit for the first time. Coffee, long walks by the sea and live music. Say hi!',
    interests: ['Coffee', 'Live Music', 'Travel', 'Photography', 'Street Food'],
    photos: [1, 2, 3].map((n) => avatarPath(username, undefined, n)),
    isVerified: true,
    isOnline: false,
    coins: 500,
    followers: 128,
    following: 96,
    latitude: MUMBAI.latitude,
    longitude: MUMBAI.longitude,
    lastSeenAt: now,
    // Not flagged as a demo person: this one is a real, sign-in-able account.
    isDemo: false,
    createdAt: new Date(now.getTime() - 30 * DAY_MS),
    updatedAt: now,
  };
}
