import { z } from 'zod';
import { PUSH_KINDS } from './push-kinds';

// News that reaches a member who is away from Orbit (issue 51): web push to
// the browsers they allowed it on, each kind on or off in Settings.

export { PUSH_KINDS, type PushKind } from './push-kinds';

/** The member's choices; every kind is on until they turn it off, and message text shows unless they hide it. */
export const notificationSettingsSchema = z.object({
  match: z.boolean(),
  message: z.boolean(),
  call: z.boolean(),
  live: z.boolean(),
  /** false: a message's push says who wrote, never what. */
  messagePreviews: z.boolean(),
  /** At most one email a day with the matches and messages pushes did not bring them to see. */
  emailDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { match: true, message: true, call: true, live: true, messagePreviews: true, emailDigest: true };

const settingSwitch = (label: string) => z.boolean({ message: `${label} must be true or false` }).optional();

/** PATCH /notifications/settings: any of the switches. */
export const updateNotificationSettingsBodySchema = z
  .object({
    match: settingSwitch('New matches'),
    message: settingSwitch('New messages'),
    call: settingSwitch('Incoming calls'),
    live: settingSwitch('Matches going live'),
    messagePreviews: settingSwitch('Message previews'),
    emailDigest: settingSwitch('News by email'),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one setting to change' });
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

export const notificationSettingsResponseSchema = z.object({ success: z.literal(true), settings: notificationSettingsSchema });
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

/** GET /notifications/push-key: the server's VAPID public key, for PushManager.subscribe's applicationServerKey. */
export const pushKeyResponseSchema = z.object({ success: z.literal(true), publicKey: z.string() });

/** The longest endpoint a browser hands out is far below this; anything longer is not one. */
const MAX_ENDPOINT_LENGTH = 2048;

const endpointSchema = z
  .url({ protocol: /^https?$/, message: 'Endpoint must be the push service URL the browser gave' })
  .max(MAX_ENDPOINT_LENGTH, { message: 'Endpoint is too long' });

/** base64url of a P-256 public key (65 bytes: 87 characters) and a 16-byte secret (22 characters), as PushSubscription.toJSON() gives them. */
const base64Url = (label: string, length: number) =>
  z.string({ message: `${label} is required` }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), { message: `${label} is not a key the browser gave` });

/** PUT /notifications/push-subscription: PushSubscription.toJSON() of one browser. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: base64Url('p256dh', 87), auth: base64Url('auth', 22) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /notifications/push-subscription: this browser stops receiving pushes. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointSchema });

export const pushDoneResponseSchema = z.object({ success: z.literal(true) });

/** What the service worker receives and shows: one notification, and the screen a click opens. */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** Notifications with one tag replace each other: one per conversation, one per call. */
  tag: z.string(),
  /** An in-app path, e.g. /messages/<id>. */
  url: z.string().startsWith('/'),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** 503 from the push routes on a server without VAPID keys. */
export const PUSH_NOT_SET_UP_MESSAGE = 'Push notifications are not set up on this server';

/** A match's push, in the match moment's words (SPEC: 'It's a match! 🎉'). */
export const MATCH_PUSH_TITLE = "It's a match! 🎉";
export const matchPushBody = (name: string) => `You and ${name} like each other.`;
/** A message's push when the member turned previews off: who wrote, never what. */
export const MESSAGE_PUSH_WITHOUT_PREVIEW = 'Sent you a message';
/** A message's text is cut to this in its push; the chat has the rest. */
export const MESSAGE_PUSH_PREVIEW_LENGTH = 120;
/** 400 in production for an endpoint that is not https:// (every push service is). */
export const PUSH_ENDPOINT_NOT_HTTPS_MESSAGE = 'Endpoint must be an https:// push service URL';

/** POST /notifications/email-unsubscribe?token=…: RFC 8058's one-click unsubscribe, no sign-in needed. */
export const emailUnsubscribeQuerySchema = z.object({
  token: z.string({ message: 'The unsubscribe link is incomplete' }).min(1, { message: 'The unsubscribe link is incomplete' }).max(200, { message: 'The unsubscribe link is not valid' }),
});
/** 400 for a token Orbit did not sign (a link cut short or made up). */
export const UNSUBSCRIBE_LINK_INVALID_MESSAGE = 'This unsubscribe link is not valid. You can turn off news emails in Settings.';
/** What the member reads once unsubscribed (the page and the answer). */
export const UNSUBSCRIBED_MESSAGE = 'You will get no more news emails from Orbit. You can turn them on again in Settings.';
export const emailUnsubscribedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
