import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Likes that earn coins lock the liker's balance row, and storing a like checks
// its target's row (the foreign key). Three members liking round a circle at
// once (A→B, B→C, C→A) each held one balance lock while waiting to check the
// next member's row: with the balance lock taken FOR UPDATE, PostgreSQL found
// a deadlock and one like answered 500 (CI's durability run met it). The
// balance lock is FOR NO KEY UPDATE, which serialises balance writers and lets
// foreign-key checks through.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const like = (from: RegisteredUser, to: RegisteredUser) =>
  testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });

describe('likes round a circle at once', () => {
  it('all succeed, round after round', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 15; round++) {
      const [a, b, c] = await Promise.all([registerUser(testApp.app), registerUser(testApp.app), registerUser(testApp.app)]);
      if (!a || !b || !c) throw new Error('registration failed');
      const answers = await Promise.all([like(a, b), like(b, c), like(c, a)]);
      expect(answers.map((answer) => `${answer.statusCode} ${answer.statusCode >= 300 ? answer.body : ''}`.trim())).toEqual(['200', '200', '200']);
    }
  });
});
