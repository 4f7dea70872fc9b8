import { assertEvent, assign, raise, setup, type SnapshotFrom } from 'xstate';
import type { BlogPostInput } from '../../contract/blog/posts';
import { actorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

/** The post the form opens with: a blank one (id null) or an existing post. */
export interface EditingPost {
  id: string | null;
  initial: BlogPostInput;
}
export interface PostToDelete {
  id: string;
  title: string;
}
export interface SavePostInput {
  id: string | null;
  post: BlogPostInput;
}
/** What the API answered (SPEC section 7: POST, PUT and DELETE /blog/admin read `message`). */
export interface ServerMessage {
  message: string;
}
export type NoticeTone = 'success' | 'error';
export interface EditorNotice {
  tone: NoticeTone;
  text: string;
}

export interface BlogEditorContext {
  editing: EditingPost | null;
  pendingDelete: PostToDelete | null;
  notice: EditorNotice | null;
}

export type BlogEditorEvent =
  | { type: 'NEW'; initial: BlogPostInput }
  | { type: 'EDIT'; id: string; initial: BlogPostInput }
  | { type: 'SAVE'; post: BlogPostInput }
  | { type: 'CANCEL' }
  | { type: 'DELETE'; id: string; title: string }
  | { type: 'CONFIRM_DELETE' }
  /** Raised by the machine itself when a save or delete finishes. */
  | { type: 'NOTIFY'; notice: EditorNotice };

/** SPEC section 8 red notices; the server's message follows the colon. */
export const SAVE_FAILED_PREFIX = 'Failed to save blog post: ';
export const DELETE_FAILED_PREFIX = 'Failed to delete blog post: ';
const SAVE_FALLBACK = 'Failed to save blog post';
const DELETE_FALLBACK = 'Failed to delete blog post';

/**
 * Declared on each notice state, not on the region: a re-entering transition
 * on the region would exit and re-enter the whole parallel machine, closing
 * the form. Between siblings only the notice restarts (and its 5 seconds).
 */
const showNotice = [
  { guard: 'isSuccess', target: 'saved', reenter: true, actions: 'rememberNotice' },
  { target: 'failed', reenter: true, actions: 'rememberNotice' },
] as const;

export const blogEditorMachine = setup({
  types: {
    context: {} as BlogEditorContext,
    events: {} as BlogEditorEvent,
  },
  actors: {
    savePost: actorNotProvided<ServerMessage, SavePostInput>('blog editor', 'savePost'),
    deletePost: actorNotProvided<ServerMessage, PostToDelete>('blog editor', 'deletePost'),
  },
  actions: {
    /** The screen refreshes its post lists here (the public blog too). */
    postsChanged: () => {},
    openNew: assign(({ event }) => {
      assertEvent(event, 'NEW');
      return { editing: { id: null, initial: event.initial } };
    }),
    openExisting: assign(({ event }) => {
      assertEvent(event, 'EDIT');
      return { editing: { id: event.id, initial: event.initial } };
    }),
    keepDraft: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      // A failed save reopens the form with what was typed, not the original.
      return { editing: context.editing ? { ...context.editing, initial: event.post } : null };
    }),
    closeForm: assign({ editing: null }),
    askToDelete: assign(({ event }) => {
      assertEvent(event, 'DELETE');
      return { pendingDelete: { id: event.id, title: event.title } };
    }),
    forgetDelete: assign({ pendingDelete: null }),
    rememberNotice: assign(({ event }) => {
      assertEvent(event, 'NOTIFY');
      return { notice: event.notice };
    }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isSuccess: ({ event }) => event.type === 'NOTIFY' && event.notice.tone === 'success',
  },
  delays: {
    /** SPEC section 9: notices clear automatically after 5 seconds. */
    NOTICE_TIMEOUT: 5000,
  },
}).createMachine({
  id: 'blogEditor',
  description:
    'The Content Manager\'s Blog Management form. The form is closed, then editing a new or an existing post, then saving; ' +
    'a save ends saved (form closed, the server\'s message) or failed (form kept, "Failed to save blog post: ..."). Cancel ' +
    'closes it. Delete asks for confirmation first. Every notice clears itself after 5 seconds.',
  type: 'parallel',
  context: { editing: null, pendingDelete: null, notice: null },
  states: {
    editor: {
      description: 'What the Blog Management tab shows: the post list, the form, or the delete confirmation.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The filtered, paged list of posts with Add, Edit and Delete.',
          on: {
            NEW: { target: 'editing', actions: 'openNew' },
            EDIT: { target: 'editing', actions: 'openExisting' },
            DELETE: { target: 'confirmingDelete', actions: 'askToDelete' },
          },
        },
        editing: {
          description: 'The add/edit form, filled with a blank post or the chosen one.',
          on: {
            SAVE: { target: 'saving', actions: 'keepDraft' },
            CANCEL: { target: 'closed', actions: 'closeForm' },
          },
        },
        saving: {
          description: 'Creating (POST) or updating (PUT) the post; the Save button reads "Saving...".',
          invoke: {
            id: 'savePost',
            src: 'savePost',
            input: ({ context }) => {
              if (!context.editing) throw new Error('blog editor: saving with no post open');
              return { id: context.editing.id, post: context.editing.initial };
            },
            onDone: {
              target: 'closed',
              actions: [
                'closeForm',
                'postsChanged',
                raise(({ event }) => ({ type: 'NOTIFY' as const, notice: { tone: 'success' as const, text: event.output.message } })),
              ],
            },
            onError: {
              target: 'editing',
              actions: raise(({ event }) => ({
                type: 'NOTIFY' as const,
                notice: { tone: 'error' as const, text: SAVE_FAILED_PREFIX + errorMessage(event.error, SAVE_FALLBACK) },
              })),
            },
          },
        },
        confirmingDelete: {
          description: "Asks 'Are you sure you want to delete this blog post?'.",
          on: {
            CONFIRM_DELETE: { target: 'deleting' },
            CANCEL: { target: 'closed', actions: 'forgetDelete' },
          },
        },
        deleting: {
          description: 'Deleting the post (DELETE /blog/admin/{id}).',
          invoke: {
            id: 'deletePost',
            src: 'deletePost',
            input: ({ context }) => {
              if (!context.pendingDelete) throw new Error('blog editor: deleting with no post chosen');
              return context.pendingDelete;
            },
            onDone: {
              target: 'closed',
              actions: [
                'forgetDelete',
                'postsChanged',
                raise(({ event }) => ({ type: 'NOTIFY' as const, notice: { tone: 'success' as const, text: event.output.message } })),
              ],
            },
            onError: {
              target: 'closed',
              actions: [
                'forgetDelete',
                raise(({ event }) => ({
                  type: 'NOTIFY' as const,
                  notice: { tone: 'error' as const, text: DELETE_FAILED_PREFIX + errorMessage(event.error, DELETE_FALLBACK) },
                })),
              ],
            },
          },
        },
      },
    },
    outcome: {
      description: 'The notice above the list or form: none, saved (green) or failed (red); a new notice restarts the 5 seconds.',
      initial: 'none',
      states: {
        none: { description: 'No notice.', on: { NOTIFY: showNotice } },
        saved: {
          description: "Green: the server's message, e.g. 'Blog post created successfully'.",
          on: { NOTIFY: showNotice },
          after: { NOTICE_TIMEOUT: { target: 'none', actions: 'clearNotice' } },
        },
        failed: {
          description: "Red: 'Failed to save blog post: ...' or 'Failed to delete blog post: ...'.",
          on: { NOTIFY: showNotice },
          after: { NOTICE_TIMEOUT: { target: 'none', actions: 'clearNotice' } },
        },
      },
    },
  },
});

export type BlogEditorSnapshot = SnapshotFrom<typeof blogEditorMachine>;

export const selectFormOpen = (snapshot: BlogEditorSnapshot): boolean =>
  snapshot.matches({ editor: 'editing' }) || snapshot.matches({ editor: 'saving' });
export const selectIsSaving = (snapshot: BlogEditorSnapshot): boolean => snapshot.matches({ editor: 'saving' });
export const selectIsDeleting = (snapshot: BlogEditorSnapshot): boolean => snapshot.matches({ editor: 'deleting' });
export const selectConfirmingDelete = (snapshot: BlogEditorSnapshot): PostToDelete | null =>
  snapshot.matches({ editor: 'confirmingDelete' }) || snapshot.matches({ editor: 'deleting' }) ? snapshot.context.pendingDelete : null;
export const selectEditing = (snapshot: BlogEditorSnapshot): EditingPost | null => snapshot.context.editing;
export const selectNotice = (snapshot: BlogEditorSnapshot): EditorNotice | null => snapshot.context.notice;
