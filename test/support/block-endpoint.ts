import { vi } from 'vitest';

/** The server's answer to a block, as the model tests expect to see it. */
export const blockedMessage = (name: string) => `You blocked ${name}.`;

/**
 * Answers `POST /api/users/<id>/block` for these people, as the server does,
 * and fails any other request: in the model tests the machine's own actors are
 * the test's, so Report or block's Block step is the only request a screen makes.
 */
export function answerBlocks(people: ReadonlyArray<{ id: string; name: string }>): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const blocked = people.find((person) => url.endsWith(`/api/users/${person.id}/block`));
    if (!blocked || init?.method !== 'POST') return Promise.reject(new Error(`unexpected request ${init?.method ?? 'GET'} ${url}`));
    const body = JSON.stringify({ success: true, message: blockedMessage(blocked.name) });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
  });
}
