import { HttpError } from '../plugins/errors';
import { PaymentProviderUnavailableError } from './payments-provider';

export const PURCHASE_NOT_FOUND = 'Purchase not found';
export const PROVIDER_UNREACHABLE_AT_CHECKOUT = 'The payment provider could not be reached; nothing was charged. Try again.';
export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached; try again in a moment.';

/** A call to the provider; when it is out of reach the member is told so (503), not shown a fault. */
export async function atProvider<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) throw new HttpError(503, message);
    throw error;
  }
}
