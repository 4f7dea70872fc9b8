/**
 * Seeded demo people are real rows nobody signs in as, so on their own they
 * would never like anyone back. With this policy a like or super like on a
 * demo person is answered with a like at `probability`, so a new user meets
 * matches. Off (probability 0) in production.
 */
export interface LikeBackPolicy {
  /** 0 (never) to 1 (always). */
  probability: number;
  /** Injected so tests decide the outcome; Math.random in the app. */
  random: () => number;
}

export const LIKE_BACK_OFF: LikeBackPolicy = { probability: 0, random: Math.random };

/** Default for development and test servers: about one like in three is returned. */
export const DEFAULT_LIKE_BACK_PROBABILITY = 0.35;

export function likeBackPolicy(probability: number | undefined, random: () => number = Math.random): LikeBackPolicy {
  if (probability === undefined || !(probability > 0)) return LIKE_BACK_OFF;
  return { probability: Math.min(1, probability), random };
}

export function demoLikesBack(policy: LikeBackPolicy): boolean {
  return policy.probability > 0 && policy.random() < policy.probability;
}
