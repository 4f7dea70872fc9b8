import type { StoreApp } from './store-app';

/** Confirms a change the member made to their subscription, by email, in the words the screen showed. */
export async function sendSubscriptionNotice(app: Pick<StoreApp, 'mailer'>, to: string, subject: string, message: string): Promise<void> {
  const lines = [message, '', `Manage your VIP: ${app.mailer.publicUrl}/vip`];
  await app.mailer.send({ to, subject, text: lines.join('\n') });
}
