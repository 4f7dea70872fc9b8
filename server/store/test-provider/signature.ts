import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../payments-provider';

// The local provider signs its webhooks as Stripe does: an HMAC-SHA256 over
// "timestamp.body" with a key only the server knows (derived from the JWT
// secret, so no key signs two kinds of thing), and a timestamp that limits
// how long a captured request could be replayed.

export const TEST_SIGNATURE_HEADER = 'orbit-test-signature';
/** A signed request older (or newer) than this is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function testWebhookKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('orbit test payments webhook v1').digest();
}

const mac = (key: Buffer, timestamp: number, body: Buffer) => createHmac('sha256', key).update(`${timestamp}.`).update(body).digest();

export function signTestWebhook(key: Buffer, body: Buffer, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${mac(key, timestamp, body).toString('hex')}`;
}

export function verifyTestWebhook(key: Buffer, body: Buffer, header: string | undefined, now: Date): void {
  if (!header) throw new WebhookSignatureError('Missing signature');
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isSafeInteger(timestamp) || !signature || !/^[0-9a-f]{64}$/.test(signature)) throw new WebhookSignatureError('Malformed signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookSignatureError('Signature timestamp outside the tolerance');
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), mac(key, timestamp, body))) throw new WebhookSignatureError('Signature does not match');
}
