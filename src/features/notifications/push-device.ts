import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../../api/notifications';
import { appWorkerAvailable, registerAppWorker } from '../shell/app-worker';

// This browser's side of web push (issue 51): the permission, the
// subscription PushManager makes for the server's key, and the server told of
// it. One device at a time: each browser the member uses is turned on there.

export type PushDeviceState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Whether this browser can receive Orbit's pushes at all. */
export function pushSupported(): boolean {
  return appWorkerAvailable() && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands. */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
}

function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('This browser gave no usable push subscription');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Asks the browser's permission (only now, on the member's request), then
 * subscribes with the server's key and hands the subscription to the server.
 * 'blocked' when the member or the browser said no.
 */
export async function turnOnPush(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  await registerAppWorker();
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await fetchPushKey() }));
  await savePushSubscription(subscriptionBody(subscription));
  return 'on';
}

/** Stops pushes to this browser: the server forgets it, and the browser's subscription ends. */
export async function turnOffPush(): Promise<PushDeviceState> {
  const subscription = pushSupported() ? await currentSubscription() : null;
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return pushSupported() ? 'off' : 'unsupported';
}
