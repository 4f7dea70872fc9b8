import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createActor, type AnyEventObject } from 'xstate';
import type { BlogPost } from '../../../contract/blog/posts';
import {
  blogEditorMachine,
  DELETE_FAILED_PREFIX,
  SAVE_FAILED_PREFIX,
  type BlogEditorSnapshot,
} from '../../../machines/admin/blog-editor.machine';
import { blankPost, postToInput } from '../../../src/features/admin/content/blog-form';
import { BlogManagementView, DELETE_QUESTION } from '../../../src/features/admin/content/BlogManagement';
import { ThemeRoot } from '../../../src/ui';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type Mounted, type MountArgs, type StepContext } from '../../support/model';
import { json, mockApi } from '../../src/support/render-app';

// The blog editor machine walked on the real Blog Management screen: every
// step is a click or a keystroke, every check is what the admin sees. The
// save and delete calls are the harness's controllable actors; the 5 second
// notice timeout runs on the simulated clock.

const spring: BlogPost = {
  _id: 'post-spring',
  title: 'Spring date ideas',
  excerpt: 'Ten ideas',
  content: '<p>Picnics.</p>',
  author: 'Asha',
  date: '2026-03-01T09:00:00.000Z',
  readTime: '4 min read',
  image: '',
  category: 'Dating Tips',
  tags: ['spring', 'ideas'],
  published: true,
  featured: false,
};
const draft: BlogPost = { ...spring, _id: 'post-draft', title: 'Draft: safety checklist', published: false, tags: [] };

const NEW_TITLE = 'First date checklist';
const SAVED_MESSAGE = 'Blog post saved successfully';
const DELETED_MESSAGE = 'Blog post deleted successfully';
const SERVER_REFUSAL = 'Title must be at most 200 characters';

const events = {
  NEW: [{ type: 'NEW', initial: blankPost(new Date()) }],
  EDIT: [{ type: 'EDIT', id: spring._id, initial: postToInput(spring) }],
  SAVE: [{ type: 'SAVE', post: { title: NEW_TITLE } }],
  DELETE: [{ type: 'DELETE', id: spring._id, title: spring.title }],
  'xstate.done.actor.savePost': [doneEvent('savePost', { message: SAVED_MESSAGE })],
  'xstate.error.actor.savePost': [errorEvent('savePost', new Error(SERVER_REFUSAL))],
  'xstate.done.actor.deletePost': [doneEvent('deletePost', { message: DELETED_MESSAGE })],
  'xstate.error.actor.deletePost': [errorEvent('deletePost', new Error('Blog post not found'))],
};
// NOTIFY is raised by the machine itself, never sent by the screen.
const notRaised = (_snapshot: unknown, event: AnyEventObject) => event.type !== 'NOTIFY';

/**
 * Shortest paths tell new and existing posts apart and reach every
 * transition of both. Simple paths (every route that never revisits a state)
 * use the coarser state and open posts with NEW only: with EDIT as well they
 * triple to ~130 mounted replays and minutes of run time for no new transition.
 */
const fineModel = createModel(blogEditorMachine, {
  events,
  filterEvents: notRaised,
  stateKey: (snapshot) =>
    JSON.stringify({ value: snapshot.value, mode: snapshot.context.editing ? (snapshot.context.editing.id ? 'existing' : 'new') : null }),
});
const coarseModel = createModel(blogEditorMachine, {
  events,
  filterEvents: (snapshot, event) => notRaised(snapshot, event) && event.type !== 'EDIT',
  stateKey: (snapshot) => JSON.stringify(snapshot.value),
});

function mountScreen(refreshes: { count: number }) {
  return ({ machine, clock, inspect }: MountArgs<typeof blogEditorMachine>): Mounted => {
    mockApi({
      'GET /api/blog/admin/all': () => json(200, { success: true, posts: [spring, draft], currentPage: 1, totalPages: 1, total: 2 }),
      'GET /api/blog/categories': () => json(200, { success: true, data: { categories: ['General', 'Dating Tips'] } }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const actor = createActor(machine.provide({ actions: { postsChanged: () => void (refreshes.count += 1) } }), { clock, inspect }).start();
    const view = render(
      <ThemeRoot>
        <QueryClientProvider client={queryClient}>
          <BlogManagementView editor={actor} />
        </QueryClientProvider>
      </ThemeRoot>,
    );
    return {
      actor,
      unmount: () => {
        view.unmount();
        actor.stop();
        queryClient.clear();
      },
    };
  };
}

const form = () => screen.getByRole('form', { name: /Add New Post|Edit Post/ });

async function executeEvent(event: AnyEventObject): Promise<void> {
  switch (event.type) {
    case 'NEW':
      await userEvent.click(await screen.findByRole('button', { name: 'Add New Post' }));
      return;
    case 'EDIT':
      await userEvent.click(await screen.findByRole('button', { name: `Edit ${spring.title}` }));
      return;
    case 'DELETE':
      await userEvent.click(await screen.findByRole('button', { name: `Delete ${spring.title}` }));
      return;
    case 'CONFIRM_DELETE':
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      return;
    case 'CANCEL': {
      const dialog = screen.queryByRole('dialog');
      await userEvent.click(dialog ? within(dialog).getByRole('button', { name: 'Cancel' }) : within(form()).getByRole('button', { name: 'Cancel' }));
      return;
    }
    case 'SAVE': {
      const title = within(form()).getByLabelText('Title');
      if (!(title as HTMLInputElement).value) {
        // An empty title is refused by the form itself: nothing is sent.
        await userEvent.click(within(form()).getByRole('button', { name: 'Create Post' }));
        expect(within(form()).getByText('Title is required')).toBeInTheDocument();
        await userEvent.click(title);
        await userEvent.paste(NEW_TITLE);
      }
      await userEvent.click(within(form()).getByRole('button', { name: /Create Post|Update Post/ }));
      return;
    }
    default:
      throw new Error(`No UI step for ${event.type}`);
  }
}

const NOTICE_AFTER: Record<string, string> = {
  'xstate.done.actor.savePost': SAVED_MESSAGE,
  'xstate.error.actor.savePost': SAVE_FAILED_PREFIX + SERVER_REFUSAL,
  'xstate.done.actor.deletePost': DELETED_MESSAGE,
  'xstate.error.actor.deletePost': `${DELETE_FAILED_PREFIX}Blog post not found`,
};

/**
 * What this path must show so far, from its own events: several paths share
 * a model state, so the expected snapshot's context may come from another one.
 */
function spokenSoFar(path: ModelPath<typeof blogEditorMachine>, stepIndex: number) {
  const events = path.steps.slice(1, stepIndex + 1).map((step) => step.event.type);
  const lastNotice = events.filter((type) => type in NOTICE_AFTER).at(-1);
  const lastOpen = events.filter((type) => type === 'NEW' || type === 'EDIT').at(-1);
  return { notice: lastNotice ? NOTICE_AFTER[lastNotice] : undefined, editingExisting: lastOpen === 'EDIT' };
}

function expectedRefreshes(path: ModelPath<typeof blogEditorMachine>, stepIndex: number): number {
  return path.steps
    .slice(1, stepIndex + 1)
    .filter((step) => step.event.type === 'xstate.done.actor.savePost' || step.event.type === 'xstate.done.actor.deletePost').length;
}

/** What the admin must see in the state the model expects. */
async function assertScreen(expected: BlogEditorSnapshot, context: StepContext<typeof blogEditorMachine>, refreshes: { count: number }) {
  const editor = (expected.value as { editor: string }).editor;
  const outcome = (expected.value as { outcome: string }).outcome;
  const story = spokenSoFar(context.path, context.stepIndex);
  await waitFor(() => {
    if (editor === 'closed' || editor === 'confirmingDelete' || editor === 'deleting') {
      expect(screen.getByRole('button', { name: 'Add New Post' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: /Add New Post|Edit Post/ })).not.toBeInTheDocument();
    } else {
      const heading = story.editingExisting ? 'Edit Post' : 'Add New Post';
      expect(screen.getByRole('form', { name: heading })).toBeInTheDocument();
      const submit = within(form()).getByRole('button', { name: editor === 'saving' ? 'Saving...' : /Create Post|Update Post/ });
      expect(submit.getAttribute('aria-busy') === 'true').toBe(editor === 'saving');
      expect(within(form()).getByLabelText('Tags')).toHaveValue(story.editingExisting ? 'spring, ideas' : '');
    }

    const dialog = screen.queryByRole('dialog');
    if (editor === 'confirmingDelete' || editor === 'deleting') {
      expect(dialog).not.toBeNull();
      expect(within(dialog as HTMLElement).getByText(DELETE_QUESTION)).toBeInTheDocument();
      const confirm = within(dialog as HTMLElement).getByRole('button', { name: editor === 'deleting' ? 'Deleting...' : 'Delete' });
      expect(confirm.getAttribute('aria-busy') === 'true').toBe(editor === 'deleting');
    } else {
      expect(dialog).toBeNull();
    }

    const success = screen.queryByText(/^Blog post (saved|deleted) successfully$/);
    const failure = screen.queryByText(new RegExp(`^(${SAVE_FAILED_PREFIX}|${DELETE_FAILED_PREFIX})`));
    if (outcome === 'saved') {
      expect(success).toHaveTextContent(story.notice ?? 'a success notice');
      expect(success?.closest('[role="status"]')).not.toBeNull();
      expect(failure).toBeNull();
    } else if (outcome === 'failed') {
      expect(failure).toHaveTextContent(story.notice ?? 'a failure notice');
      expect(failure?.closest('[role="alert"]')).not.toBeNull();
      expect(success).toBeNull();
    } else {
      expect(success).toBeNull();
      expect(failure).toBeNull();
    }
  });
  expect(refreshes.count).toBe(expectedRefreshes(context.path, context.stepIndex));

  // What was sent: the typed title for a new post, the post's own id for an edit.
  const saves = context.invocations.filter((invocation) => invocation.id === 'savePost');
  for (const save of saves) {
    const input = save.input as { id: string | null; post: { title: string; tags?: string[] } };
    if (input.id === null) expect(input.post.title).toBe(NEW_TITLE);
    else expect(input).toMatchObject({ id: spring._id, post: { title: spring.title, tags: ['spring', 'ideas'] } });
  }
  for (const removal of context.invocations.filter((invocation) => invocation.id === 'deletePost')) {
    expect(removal.input).toEqual({ id: spring._id, title: spring.title });
  }
}

function walk(model: typeof fineModel, path: ModelPath<typeof blogEditorMachine>) {
  const refreshes = { count: 0 };
  return model.replay(path, {
    mount: mountScreen(refreshes),
    executeEvent: (event) => executeEvent(event),
    assertState: (expected, context) => assertScreen(expected, context, refreshes),
  });
}

printCoverageAfterAll();

describe('blog editor on the Blog Management screen, every shortest path', () => {
  const paths = fineModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(30));
  for (const path of paths) it(path.description, () => walk(fineModel, path));
});

describe('blog editor on the Blog Management screen, every simple path', () => {
  const paths = coarseModel.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) it(path.description, () => walk(coarseModel, path));
});

describe('blog editor coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = fineModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('blog editor timing', () => {
  it("clears notices after SPEC section 9's 5 seconds", () => {
    expect(blogEditorMachine.implementations.delays.NOTICE_TIMEOUT).toBe(5000);
  });
});
