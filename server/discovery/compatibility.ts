/** What compatibility is computed from: the two people's interests and ages. */
export interface CompatibilityTraits {
  interests: readonly string[];
  age: number | null;
}

const BASE_SCORE = 40;
const INTERESTS_WEIGHT = 40;
const AGE_WEIGHT = 20;
/** An age gap this large (years) or larger earns no age points. */
const AGE_GAP_LIMIT = 15;

function normalised(interests: readonly string[]): Set<string> {
  return new Set(interests.map((interest) => interest.trim().toLowerCase()).filter(Boolean));
}

/** Shared interests as a share of the shorter list: someone with 3 interests who shares all 3 is a full match. */
function interestOverlap(a: readonly string[], b: readonly string[]): number {
  const left = normalised(a);
  const right = normalised(b);
  const smaller = Math.min(left.size, right.size);
  if (smaller === 0) return 0;
  let shared = 0;
  for (const interest of left) if (right.has(interest)) shared += 1;
  return shared / smaller;
}

function ageCloseness(a: number | null, b: number | null): number {
  // Unknown ages count as neither close nor far.
  if (a === null || b === null) return 0.5;
  return Math.max(0, 1 - Math.abs(a - b) / AGE_GAP_LIMIT);
}

/**
 * A percentage from 40 to 100: everyone starts at 40, shared interests add up
 * to 40 and closeness in age up to 20. Symmetric, so both people see the same number.
 */
export function compatibilityPercent(viewer: CompatibilityTraits, other: CompatibilityTraits): number {
  const score = BASE_SCORE + INTERESTS_WEIGHT * interestOverlap(viewer.interests, other.interests) + AGE_WEIGHT * ageCloseness(viewer.age, other.age);
  return Math.min(100, Math.max(0, Math.round(score)));
}
