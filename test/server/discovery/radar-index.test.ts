import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNearbyUsers, nearbyUsersQuery } from '../../../server/discovery/queries/radar';
import { capBoxes, METRES_PER_POINT_DISTANCE_UNIT, reportedKm, snapToGrid } from '../../../server/discovery/geo';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertPerson, offsetPoint } from './people-fixtures';

const ORIGIN = { latitude: 40.4, longitude: -3.7 };
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  for (let index = 0; index < 30; index += 1) await insertPerson(testApp.db, offsetPoint(ORIGIN, index, index));
  // A dense cluster, so the nearest-neighbour bound is much smaller than the radius.
  for (let index = 0; index < 40; index += 1) await insertPerson(testApp.db, offsetPoint(ORIGIN, -5 + (index % 8) * 0.3, -5 + Math.floor(index / 8) * 0.3));
});
afterAll(async () => {
  await testApp?.close();
});

/** Plan text rows from either driver (PGlite returns `rows`, node-postgres too). */
function planText(result: unknown): string {
  const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

describe('the radar query', () => {
  it('is answered by the GiST index on grid cells, for the nearest-neighbour bound and the box, not a table scan', async () => {
    const search = { centre: ORIGIN, radiusKm: 50, limit: 20 };
    // A tiny table would be scanned anyway; forbidding sequential scans shows the index can serve both queries.
    const plans = await testApp.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const box = planText(await tx.execute(sql`explain ${nearbyUsersQuery(testApp.db, search)}`));
      const nearest = planText(
        await tx.execute(sql`explain select id from users where radar_cell is not null and role = 'user' and not is_banned and not is_hidden
          order by radar_cell <-> point(${ORIGIN.longitude}::float8, ${ORIGIN.latitude}::float8) limit 20`),
      );
      return { box, nearest };
    });
    expect(plans.box).toMatch(/users_radar_cell_idx/);
    expect(plans.nearest).toMatch(/Index (Only )?Scan using users_radar_cell_idx/);
  });

  it('checks blocks on the caller\'s radar with user_blocks indexes, still finding people through the GiST index', async () => {
    const search = { centre: ORIGIN, radiusKm: 50, limit: 20, excludeUserId: '00000000-0000-4000-8000-000000000000' };
    const plan = await testApp.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return planText(await tx.execute(sql`explain ${nearbyUsersQuery(testApp.db, search)}`));
    });
    expect(plan).toMatch(/users_radar_cell_idx/);
    expect(plan).toMatch(/user_blocks_(pkey|blocked_id_idx)/);
    expect(plan).not.toMatch(/Seq Scan on user_blocks/);
  });

  it('gives exactly the answer of the full-radius query, though it searches a smaller box', async () => {
    for (const [north, east, radiusKm, limit] of [
      [0, 0, 10, 50],
      [-4, -4, 50, 5],
      [-4, -4, 3, 20],
      [10, 10, 100, 3],
      [60, 60, 5, 10],
    ] as const) {
      const search = { centre: offsetPoint(ORIGIN, north, east), radiusKm, limit };
      const full = (await nearbyUsersQuery(testApp.db, search)).map((row) => [row.id, reportedKm(Number(row.distance) * METRES_PER_POINT_DISTANCE_UNIT)]);
      const found = (await findNearbyUsers(testApp.db, search)).map((user) => [user._id, user.distanceKm]);
      expect(found).toEqual(full);
      expect(found.length).toBeLessThanOrEqual(limit);
    }
  });

  it('finds people across the antimeridian and round a pole, where the cap needs two boxes or a whole band', async () => {
    // Each number of boxes is a prepared statement of its own; asking them in turn on one database must not mix them up.
    const fiji = { latitude: -17, longitude: 179.98 };
    const pole = { latitude: 89.9, longitude: 10 };
    const west = await insertPerson(testApp.db, { latitude: -16.99, longitude: 179.99 });
    const east = await insertPerson(testApp.db, { latitude: -17.01, longitude: -179.97 });
    const acrossThePole = await insertPerson(testApp.db, { latitude: 89.85, longitude: -170 });
    const cases = [
      { centre: fiji, radiusKm: 50, expected: [west.id, east.id] },
      { centre: pole, radiusKm: 50, expected: [acrossThePole.id] },
      { centre: ORIGIN, radiusKm: 10, expected: undefined },
      { centre: { latitude: -17, longitude: -179.99 }, radiusKm: 3, expected: undefined },
    ];
    expect(cases.map(({ centre, radiusKm }) => capBoxes(snapToGrid(centre), radiusKm * 1000).length)).toEqual([2, 1, 1, 2]);
    for (const { centre, radiusKm, expected } of [...cases, ...cases]) {
      const search = { centre, radiusKm, limit: 20 };
      const found = (await findNearbyUsers(testApp.db, search)).map((user) => user._id);
      expect(found).toEqual((await nearbyUsersQuery(testApp.db, search)).map((row) => row.id));
      if (expected) expect([...found].sort()).toEqual([...expected].sort());
    }
  });
});
