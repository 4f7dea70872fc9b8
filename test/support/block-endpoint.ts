import { BLOCKED_MESSAGE } from '../../contract/safety';
import { json, mockApi } from '../src/support/render-app';

/** What the screen says after a block (the server's answer names nobody), as the model tests expect to see it. */
export const blockedMessage = (name: string) => `You blocked ${name}.`;

/**
 * Answers `POST /api/users/<id>/block` for these people, as the server does.
 * In the model tests the machine's own actors are the test's, so Report or
 * block's Block step is the only request a screen makes; anything else gets
 * mockApi's 404.
 */
export function answerBlocks(people: ReadonlyArray<{ id: string; name: string }>): void {
  mockApi(Object.fromEntries(people.map((person) => [`POST /api/users/${person.id}/block`, () => json(200, { success: true, message: BLOCKED_MESSAGE })])));
}
