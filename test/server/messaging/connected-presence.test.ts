import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePresence } from '../../../server/auth/presence';
import { sessions, users } from '../../../server/db/schema';
import { registerUser } from '../helpers/accounts';
import { claimsOf } from '../helpers/forged-tokens';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { baseUrl, connected, openSocket } from './messaging-helpers';

// A member with an Orbit tab open is online, even a background tab that makes no requests:
// its open connection keeps its session in use, which is what presence is read from.

let testApp: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ connectedSessionsIntervalMs: 100 });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

const LONG_AGO = new Date(Date.now() - 60 * 60_000);

async function quietFor(token: string) {
  const { jti, sub } = claimsOf(token);
  await testApp.db.update(sessions).set({ lastActiveAt: LONG_AGO }).where(eq(sessions.id, jti));
  await testApp.db.update(users).set({ lastSeenAt: LONG_AGO }).where(eq(users.id, sub));
}
async function isOnline(userId: string): Promise<boolean | undefined> {
  const [row] = await testApp.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, userId));
  return row?.isOnline;
}

describe('presence from open connections', () => {
  it('keeps a member with an open socket online however long their tab makes no request; one without goes offline', async () => {
    const open = await registerUser(testApp.app);
    const closed = await registerUser(testApp.app);
    const socket = openSocket(baseUrl(testApp.app), open.token);
    sockets.push(socket);
    await connected(socket);
    await quietFor(open.token);
    await quietFor(closed.token);

    // The next round marks the connected session in use again; the other stays quiet.
    await expect
      .poll(async () => {
        const [row] = await testApp.db.select({ lastActiveAt: sessions.lastActiveAt }).from(sessions).where(eq(sessions.id, claimsOf(open.token).jti));
        return (row?.lastActiveAt.getTime() ?? 0) > LONG_AGO.getTime();
      })
      .toBe(true);
    await settlePresence(testApp.db, new Date());
    expect(await isOnline(open.user._id)).toBe(true);
    expect(await isOnline(closed.user._id)).toBe(false);

    // Its "last seen" is not moved by an open tab: that is presence, not activity.
    const [seen] = await testApp.db.select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, open.user._id));
    expect(seen?.lastSeenAt?.getTime()).toBe(LONG_AGO.getTime());
    const [quietSession] = await testApp.db.select({ lastActiveAt: sessions.lastActiveAt }).from(sessions).where(eq(sessions.id, claimsOf(closed.token).jti));
    expect(quietSession?.lastActiveAt.getTime()).toBe(LONG_AGO.getTime());
  });
});
