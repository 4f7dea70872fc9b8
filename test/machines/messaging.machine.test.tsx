import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import type { Conversation, messagingMachine, MessagingSnapshot } from '../../machines/messaging.machine';
import { MessagesScreen } from '../../src/features/messages/MessagesScreen';
import { captureRootActor, control, currentPath, hasControl, none, one, renderScreen, textOf } from '../src/features/media/screen-harness';
import { answerBlocks, blockedMessage } from '../support/block-endpoint';
import { printCoverageAfterAll, type ModelPath } from '../support/model';
import { expectedMessages, type ExpectedMessages } from './messaging-expectations';
import { BASE, messagingModel, PEOPLE } from './messaging-model';

/**
 * The messaging machine's shortest and simple paths walked on the real
 * Messages screen: every event is a click or keystroke, every timed step
 * advances the simulated clock by AUTO_REPLY_DELAY and nothing else, and
 * after every step the screen must match SPEC's behaviour (messaging-expectations).
 */

const scrollTo = vi.fn();

beforeAll(() => {
  // jsdom does not scroll; the thread's smooth scroll to the newest message is observed instead.
  HTMLElement.prototype.scrollTo = scrollTo;
  // The router restores the page's scroll position on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // A member's screen: Report or block is offered in the chat (a visitor's sample people are not real).
  localStorage.setItem('user_token', 'user-token');
  answerBlocks(PEOPLE);
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The chat header's flag, Block <name>, then Block to confirm; the dialog closes when the server agrees. */
async function blockFromTheChat(name: string): Promise<void> {
  fireEvent.click(control(`Report or block ${name}`));
  // The dialog's code loads on the first press.
  const dialog = await screen.findByRole('dialog', { name: `Report or block ${name}` });
  fireEvent.click(within(dialog).getByRole('button', { name: `Block ${name}` }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Block' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

function composer(): HTMLTextAreaElement {
  return one('textarea[aria-label="Message"]') as HTMLTextAreaElement;
}

function conversationList(): HTMLElement {
  return one('ul[aria-label="Conversations"]');
}

// fireEvent rather than user-event: hundreds of steps, and each must stay quick.
function perform(event: AnyEventObject, snapshot: MessagingSnapshot): Promise<void> | undefined {
  switch (event.type) {
    case 'BLOCKED':
      return blockFromTheChat(PEOPLE.find((person) => person.id === event.userId)?.name ?? '');
    case 'RETRY':
      fireEvent.click(control('Try Again'));
      return;
    case 'SELECT': {
      if (snapshot.matches({ ready: 'threadFailed' })) {
        fireEvent.click(control('Try Again'));
        return;
      }
      const name = PEOPLE.find((person) => person.id === event.conversationId)?.name ?? '';
      const entry = [...conversationList().querySelectorAll('button')].find((button) => textOf(button).includes(name));
      if (!entry) throw new Error(`No conversation with ${name}`);
      fireEvent.click(entry);
      return;
    }
    case 'BACK_TO_LIST':
      fireEvent.click(control('Back to conversations'));
      return;
    case 'DRAFT.CHANGE': {
      const text = String(event.text);
      const [firstLine = '', ...rest] = text.split('\n');
      fireEvent.change(composer(), { target: { value: firstLine } });
      if (rest.length) {
        // Shift+Enter must not send: the browser then adds the new line.
        fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
        fireEvent.change(composer(), { target: { value: text } });
      }
      return;
    }
    case 'SEND':
      if (snapshot.context.draft.includes('\n')) fireEvent.click(control('Send'));
      else fireEvent.keyDown(composer(), { key: 'Enter' });
      return;
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectConversationList(expected: ExpectedMessages) {
  const entries = [...conversationList().querySelectorAll('button')];
  expect(entries).toHaveLength(expected.conversations.length);
  expected.conversations.forEach((conversation, index) => {
    const entry = entries[index]!;
    const text = textOf(entry);
    expect(text).toContain(conversation.name);
    // A multi-line message previews on one line.
    expect(text).toContain(conversation.lastMessage.replace(/\s+/g, ' '));
    if (conversation.unread > 0) expect(text).toContain(`${conversation.unread} unread`);
    else expect(text).not.toContain('unread');
    expect(text.includes('Online')).toBe(conversation.isOnline);
    if (conversation.id === expected.selectedId) expect(entry).toHaveAttribute('aria-current', 'true');
    else expect(entry).not.toHaveAttribute('aria-current');
  });
}

function expectThread(expected: ExpectedMessages, contact: Conversation, panel: HTMLElement) {
  const log = one(`[role="log"][aria-label="Messages with ${contact.name}"]`, panel);
  const lines = [...log.querySelectorAll('li')].map((item) => textOf(item));
  const wanted: string[] = [];
  let lastDay = '';
  for (const bubble of expected.bubbles) {
    const stamp = bubble.timestamp ?? BASE.toISOString();
    const day = new Date(stamp).toDateString();
    if (day !== lastDay) wanted.push(new Date(stamp).getDate() === BASE.getDate() ? 'Today' : 'Yesterday');
    lastDay = day;
    wanted.push(`${bubble.own ? 'You' : contact.name}: ${bubble.content.replace(/\s+/g, ' ')}`);
  }
  // Bubbles end with their time; separators are the whole line.
  expect(lines.map((line, index) => (wanted[index]?.includes(':') ? line.slice(0, wanted[index].length) : line))).toEqual(wanted);
  expect(composer()).toHaveValue(expected.draft);
  expect(composer()).toHaveAttribute('placeholder', 'Type a message...');
  expect(control('Send', panel)).toBeEnabled();
}

function expectChat(expected: ExpectedMessages) {
  const contact = PEOPLE.find((person) => person.id === expected.selectedId);
  if (expected.phase === 'nothingSelected' || !contact) {
    const panel = one('section[aria-label="Chat"]');
    expect(one('h2', panel)).toHaveTextContent('No conversation selected');
    expect(one('h2 + p', panel)).toHaveTextContent('Select a conversation to start messaging');
    return;
  }
  const panel = one(`section[aria-label="Chat with ${contact.name}"]`);
  expect(one('header h2', panel)).toHaveTextContent(contact.name);
  expect(one('header p', panel)).toHaveTextContent(contact.isOnline ? 'Online' : 'Offline');
  expect(control('Video Call', panel)).toHaveAttribute('href', `/video-call/${contact.id}`);
  expect(hasControl(`Report or block ${contact.name}`, panel)).toBe(true);
  if (expected.phase === 'loadingThread') expect(textOf(panel)).toContain('Loading messages');
  if (expected.phase === 'threadFailed') {
    expect(one('[role="alert"]', panel)).toHaveTextContent("Couldn't load these messages");
    expect(hasControl('Try Again', panel)).toBe(true);
  } else {
    none('[role="alert"]', panel);
  }
  if (['idle', 'awaitingReply', 'composingReply'].includes(expected.phase)) expectThread(expected, contact, panel);
  else none('[role="log"]');
}

function expectScreen(expected: ExpectedMessages) {
  expect(one('h1')).toHaveTextContent('Messages');
  if (expected.blockedName) expect(screen.getByText(blockedMessage(expected.blockedName))).toBeInTheDocument();
  else expect(screen.queryByText(/^You blocked /)).not.toBeInTheDocument();
  if (expected.phase === 'loading') {
    expect(textOf()).toContain('Loading conversations');
    none('ul[aria-label="Conversations"]');
    return;
  }
  if (expected.phase === 'failed') {
    expect(one('[role="alert"]')).toHaveTextContent("Couldn't load your conversations");
    expect(hasControl('Try Again')).toBe(true);
    return;
  }
  if (expected.conversations.length === 0) {
    // An empty inbox says so and offers a way to meet people, instead of an empty list beside an empty chat.
    expect(one('h2')).toHaveTextContent('No conversations yet');
    expect(control('Find people to match')).toHaveAttribute('href', '/spin');
    none('[data-phone-view]');
    return;
  }
  expect(one('[data-phone-view]')).toHaveAttribute('data-phone-view', expected.view);
  expectConversationList(expected);
  expectChat(expected);
}

/** SPEC section 9: the messaging auto-reply comes after 2 seconds. */
const SPEC_AUTO_REPLY_MS = 2000;

/** Time that must have passed after a path prefix: one AUTO_REPLY_DELAY per timed step, nothing else. */
function elapsedAfter(events: readonly AnyEventObject[]): number {
  return events.filter((event) => event.type.startsWith('xstate.after.AUTO_REPLY_DELAY.')).length * SPEC_AUTO_REPLY_MS;
}

function walk(path: ModelPath<typeof messagingMachine>) {
  let bubblesBefore = 0;
  return messagingModel.replay(path, {
    mount: async ({ machine, input, clock, inspect }) => {
      scrollTo.mockClear();
      const root = captureRootActor(inspect);
      const view = renderScreen(
        <MessagesScreen
          withUserId={input?.withUserId ?? null}
          machine={machine}
          clock={clock}
          inspect={root.inspect}
          now={() => new Date(BASE.getTime() + clock.now())}
        />,
      );
      await waitFor(() => expect(one('h1')).toHaveTextContent('Messages'));
      expect(currentPath(view.router)).toBe('/screen');
      return { actor: await root.actor(), unmount: () => view.unmount() };
    },
    executeEvent: (event, { actor }) => perform(event, actor.getSnapshot() as MessagingSnapshot),
    assertState: async (_expected, { clock, stepIndex, invocations }) => {
      const events = path.steps.slice(0, stepIndex + 1).map((step) => step.event);
      const expected = expectedMessages(events);
      await waitFor(() => expectScreen(expected), { interval: 5 });
      expect(clock.now()).toBe(elapsedAfter(events));
      // The thread scrolls smoothly to each new message.
      if (expected.bubbles.length > bubblesBefore && expected.phase !== 'loadingThread') {
        expect(scrollTo).toHaveBeenLastCalledWith({ top: expect.any(Number) as number, behavior: 'smooth' });
      }
      bubblesBefore = expected.bubbles.length;
      // Each thread and reply was asked for the conversation on screen.
      for (const invocation of invocations.filter((call) => call.src !== 'loadConversations')) {
        expect(PEOPLE).toContainEqual(expect.objectContaining({ id: (invocation.input as { conversation: Conversation }).conversation.id }));
      }
    },
  });
}

printCoverageAfterAll();

describe('messaging on the Messages screen, every shortest path', () => {
  const paths = messagingModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('messaging on the Messages screen, every simple path', () => {
  const paths = messagingModel.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('messaging machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = messagingModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
