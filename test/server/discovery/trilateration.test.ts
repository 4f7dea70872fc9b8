import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radarResponseSchema } from '../../../contract/discovery';
import { LAT_STEP_DEGREES, snapToGrid } from '../../../server/discovery/geo';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { distanceKm, offsetPoint } from './people-fixtures';

// The attack that located Tinder, Bumble and Badoo users: query the distance
// to a victim from many chosen points and intersect the circles. Here the
// attacker is a normal signed-in user who moves their own stored location
// to each query point (the radar only ever looks from there; in production
// those moves are rate limited, here they are not) and asks with any radius. The proof: two victim positions about 1.2 km apart answer every
// query identically, so no estimate can be closer than ~0.6 km to both.

type Point = { latitude: number; longitude: number };
type Answer = number | null;

const AREA = { latitude: 48.85, longitude: 2.35 };

let testApp: TestApp;
let attacker: RegisteredUser;
let victim: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  attacker = await registerUser(testApp.app);
  victim = await registerUser(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

/** Two points inside one grid cell, near opposite corners. */
function sameCellCorners(): [Point, Point] {
  const centre = snapToGrid(AREA);
  const lonStep = LAT_STEP_DEGREES / Math.cos((centre.latitude * Math.PI) / 180);
  const corner = (sign: number) => ({ latitude: centre.latitude + sign * 0.42 * LAT_STEP_DEGREES, longitude: centre.longitude + sign * 0.42 * lonStep });
  return [corner(-1), corner(1)];
}

/** Query points: a 9 x 9 lattice 400 m apart around the victim, plus a ring 5 km out. */
function attackPoints(around: Point): Point[] {
  const points: Point[] = [];
  for (let north = -4; north <= 4; north += 1) for (let east = -4; east <= 4; east += 1) points.push(offsetPoint(around, north * 0.4, east * 0.4));
  for (let step = 0; step < 12; step += 1) {
    const angle = (step * Math.PI) / 6;
    points.push(offsetPoint(around, 5 * Math.cos(angle), 5 * Math.sin(angle)));
  }
  return points;
}

async function moveVictim(to: Point): Promise<void> {
  const response = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(victim.token), payload: { location: to } });
  expect(response.statusCode).toBe(200);
}

async function distanceFrom(point: Point, radiusKm: number): Promise<Answer> {
  const moved = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(attacker.token), payload: { location: point } });
  expect(moved.statusCode).toBe(200);
  const response = await testApp.app.inject({ method: 'GET', url: `/api/users/radar?radiusKm=${radiusKm}&limit=50`, headers: bearer(attacker.token) });
  expect(response.statusCode).toBe(200);
  const found = radarResponseSchema.parse(response.json()).users.find((user) => user._id === victim.user._id);
  return found ? found.distanceKm : null;
}

/** Every distance answer, plus radius probes (is the victim within r?) at fine radius steps. */
async function runAttack(points: readonly Point[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const point of points) answers.push(await distanceFrom(point, 20));
  for (const point of points.slice(0, 9)) for (let radius = 0.2; radius <= 3; radius += 0.2) answers.push(await distanceFrom(point, Number(radius.toFixed(1))));
  return answers;
}

/** The attacker's best guess: the lattice point (50 m apart) whose distances best fit the answers. */
function trilaterate(points: readonly Point[], answers: readonly Answer[], around: Point): Point {
  let best = around;
  let bestError = Number.POSITIVE_INFINITY;
  for (let north = -2; north <= 2; north += 0.05) {
    for (let east = -2; east <= 2; east += 0.05) {
      const guess = offsetPoint(around, north, east);
      let error = 0;
      points.forEach((point, index) => {
        const answer = answers[index];
        if (answer !== null && answer !== undefined) error += (distanceKm(point, guess) - answer) ** 2;
      });
      if (error < bestError) [best, bestError] = [guess, error];
    }
  }
  return best;
}

describe('radar location privacy', () => {
  it('the trilateration attack works on exact distances (control), so the method is sound', () => {
    const [victimAt] = sameCellCorners();
    const points = attackPoints(AREA);
    const exact = points.map((point) => Number(distanceKm(point, victimAt).toFixed(2)));
    expect(distanceKm(trilaterate(points, exact, AREA), victimAt)).toBeLessThan(0.1);
  });

  it('answers every query identically for two positions ~1.2 km apart, so no attack locates anyone closer than ~0.6 km', async () => {
    const [first, second] = sameCellCorners();
    expect(distanceKm(first, second)).toBeGreaterThan(1.1);
    const points = attackPoints(AREA);

    await moveVictim(first);
    const firstAnswers = await runAttack(points);
    await moveVictim(second);
    const secondAnswers = await runAttack(points);

    expect(firstAnswers.filter((answer) => answer !== null).length).toBeGreaterThan(points.length);
    expect(secondAnswers).toEqual(firstAnswers);
    for (const answer of firstAnswers) if (answer !== null) expect(Number.isInteger(answer) && answer >= 1).toBe(true);

    // Whatever the attacker concludes, it is the same point for both positions.
    const estimate = trilaterate(points, firstAnswers.slice(0, points.length), AREA);
    expect(Math.max(distanceKm(estimate, first), distanceKm(estimate, second))).toBeGreaterThan(0.55);
  }, 60_000);
});
