import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { UpdateAppConfigBody } from '../../contract/site-settings';
import { actorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

/** What the API answered (SPEC section 7: POST /config/app reads `message`). */
export interface ServerMessage {
  message: string;
}
/** A field the server refused, by its path in the request ('configs.heroTitle.value'), with the reason in words. */
export interface RefusedField {
  field: string;
  message: string;
}

export interface HomeContentContext {
  /** The green notice's text while saved, the red one's while failed; null otherwise. */
  notice: string | null;
}

export type HomeContentEvent = { type: 'SAVE'; content: UpdateAppConfigBody };

/** Emitted when a save fails, so the form can mark the fields the server named. */
export type HomeContentEmitted = { type: 'refused'; fields: RefusedField[] };

/** SPEC section 8: the green notice when the server sends no message of its own. */
export const SAVED_FALLBACK = 'Home page content updated successfully!';
/** SPEC section 8 red notice; the reason follows the colon. */
export const UPDATE_FAILED_PREFIX = 'Failed to update content: ';
const UPDATE_FALLBACK = 'Failed to update home page content';

function isRefusedField(value: unknown): value is RefusedField {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.field === 'string' && typeof record.message === 'string';
}

/** The API client's errors carry `fieldErrors`: each field the server refused, with its message. */
function refusedFieldsOf(error: unknown): RefusedField[] {
  const fields = typeof error === 'object' && error !== null ? (error as { fieldErrors?: unknown }).fieldErrors : undefined;
  return Array.isArray(fields) ? fields.filter(isRefusedField) : [];
}

/** The first field's own words when a field is named (the error's message carries its path), else the message. */
function reasonOf(error: unknown): string {
  const field = refusedFieldsOf(error)[0];
  if (field) return field.message;
  return errorMessage(error, UPDATE_FALLBACK);
}

export const homeContentMachine = setup({
  types: {
    context: {} as HomeContentContext,
    events: {} as HomeContentEvent,
    emitted: {} as HomeContentEmitted,
  },
  actors: {
    saveContent: actorNotProvided<ServerMessage, UpdateAppConfigBody>('home content', 'saveContent'),
  },
  actions: {
    /** The screen refreshes the config queries here (Home reads the public copy). */
    contentChanged: () => {},
    showSaved: assign((_, params: ServerMessage) => ({ notice: params.message.trim() || SAVED_FALLBACK })),
    showFailure: assign((_, params: { error: unknown }) => ({ notice: UPDATE_FAILED_PREFIX + reasonOf(params.error) })),
    /** Tells the form which fields the server refused, so it can mark them. */
    announceRefusedFields: emit((_, params: { error: unknown }) => ({ type: 'refused' as const, fields: refusedFieldsOf(params.error) })),
    clearNotice: assign({ notice: null }),
  },
  delays: {
    /** SPEC section 9: notices clear automatically after 5 seconds. */
    NOTICE_TIMEOUT: 5000,
  },
}).createMachine({
  id: 'homeContent',
  description:
    "The Content Manager's Home Page Content form. Save sends the texts and stats; the save ends saved (green, the " +
    "server's message or 'Home page content updated successfully!', cleared after 5 seconds) or failed (red, " +
    "'Failed to update content: ...', the refused fields marked, kept until the next save).",
  context: { notice: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form, filled with the stored content, and no notice.',
      on: { SAVE: 'saving' },
    },
    saving: {
      description: 'Sending every setting (POST /config/app); the button reads "Saving..." and any notice is gone.',
      entry: 'clearNotice',
      invoke: {
        id: 'saveContent',
        src: 'saveContent',
        input: ({ event }) => {
          assertEvent(event, 'SAVE');
          return event.content;
        },
        onDone: {
          target: 'saved',
          actions: ['contentChanged', { type: 'showSaved', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announceRefusedFields', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saved: {
      description: "Green, beside the button: the server's message, e.g. 'Home page content updated successfully!'.",
      after: { NOTICE_TIMEOUT: { target: 'editing', actions: 'clearNotice' } },
      on: { SAVE: 'saving' },
    },
    failed: {
      description: "Red, beside the button: 'Failed to update content: ...' with the first refused field's reason.",
      on: { SAVE: 'saving' },
    },
  },
});

export type HomeContentSnapshot = SnapshotFrom<typeof homeContentMachine>;

export const selectIsSaving = (snapshot: HomeContentSnapshot): boolean => snapshot.matches('saving');
export const selectSavedNotice = (snapshot: HomeContentSnapshot): string | null => (snapshot.matches('saved') ? snapshot.context.notice : null);
export const selectFailedNotice = (snapshot: HomeContentSnapshot): string | null => (snapshot.matches('failed') ? snapshot.context.notice : null);
