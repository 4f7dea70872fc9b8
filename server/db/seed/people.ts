import { avatarLookFor, avatarPath } from '../../../contract/media/avatar';
import { PREFERENCE_AGE_MAX, PREFERENCE_AGE_MIN, type ShowMe } from '../../../contract/members/preferences';
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
import { chance, intBetween, mulberry32, pick, pointNear, sample, type Random } from './random';

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

/** FNV-1a: a 32-bit number from a string, to seed a person's own random stream. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

const SHOW_ME_BY_GENDER: Record<'female' | 'male' | 'other', readonly [ShowMe, number][]> = {
  female: [['men', 0.7], ['everyone', 0.22], ['women', 0.08]],
  male: [['women', 0.72], ['everyone', 0.2], ['men', 0.08]],
  other: [['everyone', 0.7], ['women', 0.15], ['men', 0.15]],
};

const DISTANCE_CHOICES_KM = [10, 25, 50, 100, 250] as const;

type Preferences = Pick<NewUserRow, 'showMe' | 'prefMinAge' | 'prefMaxAge' | 'prefMaxDistanceKm'>;

/**
 * Who a demo person wants to meet: most the other gender, some everyone, a
 * few their own; ages around their own (a few any age); about half anywhere.
 */
function pickPreferences(random: Random, gender: 'female' | 'male' | 'other', age: number): Preferences {
  let roll = random();
  const choices = SHOW_ME_BY_GENDER[gender];
  const showMe = choices.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'everyone';
  const anyAge = chance(random, 0.12);
  const prefMinAge = anyAge ? PREFERENCE_AGE_MIN : Math.max(PREFERENCE_AGE_MIN, age - intBetween(random, 2, 8));
  const prefMaxAge = anyAge ? PREFERENCE_AGE_MAX : Math.min(PREFERENCE_AGE_MAX, age + intBetween(random, 3, 12));
  const prefMaxDistanceKm = chance(random, 0.55) ? null : pick(random, DISTANCE_CHOICES_KM);
  return { showMe, prefMinAge, prefMaxAge, prefMaxDistanceKm };
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
  const age = pickAge(random);
  // From a stream of the person's own, so adding preferences left every other seeded value as it was.
  const preferences = pickPreferences(mulberry32(hashText(username)), gender, age);

  return {
    username,
    email: `${username}@demo.orbit.example`,
    passwordHash: context.passwordHash,
    role: 'user',
    name: `${firstName} ${familyName}`,
    avatar: avatarPath(username, look),
    age,
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
    ...preferences,
    // Set up long ago: the guided set-up is for new registrations.
    onboardedAt: createdAt,
    onboardingStep: 'preferences',
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

/** What of the demo account decides whether a demo person would want to meet it. */
export const DEMO_ACCOUNT_TRAITS = { age: 28, gender: 'other' } as const;

/** The demo account's address: with `is_demo` on the demo people, what marks the demo data in a database. */
export const DEMO_ACCOUNT_EMAIL = 'demo@orbit.example';

/** The documented account anyone can sign in with to try the app. */
export function buildDemoAccount(now: Date, passwordHash: string, username: string): NewUserRow {
  return {
    username,
    email: DEMO_ACCOUNT_EMAIL,
    passwordHash,
    role: 'user',
    name: 'Alex Demo',
    avatar: avatarPath(username),
    ...DEMO_ACCOUNT_TRAITS,
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
    // Open to meeting anyone (the schema's defaults, said here), and set up already: whoever tries the app starts on Home.
    showMe: 'everyone',
    prefMinAge: PREFERENCE_AGE_MIN,
    prefMaxAge: PREFERENCE_AGE_MAX,
    prefMaxDistanceKm: null,
    onboardedAt: new Date(now.getTime() - 30 * DAY_MS),
    onboardingStep: 'preferences',
    createdAt: new Date(now.getTime() - 30 * DAY_MS),
    updatedAt: now,
  };
}
