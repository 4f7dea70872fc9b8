import { TWO_STEP_RESET_WINDOW_DAYS } from '../../contract/auth/account-recovery';
import type { Mailer } from '../mail/mailer';

/** What happened to the account's two-step verification. */
export type TwoStepChange = 'turned-on' | 'turned-off' | 'turned-off-by-reset';

const SUBJECTS: Record<TwoStepChange, string> = {
  'turned-on': 'Two-step verification is on for your Orbit account',
  'turned-off': 'Two-step verification is off for your Orbit account',
  'turned-off-by-reset': 'Your Orbit password was reset and two-step verification turned off',
};

function whatHappened(change: TwoStepChange, when: string): string[] {
  switch (change) {
    case 'turned-on':
      return [`Two-step verification was turned on for your Orbit account on ${when}. Signing in now asks for a code from an authenticator app.`];
    case 'turned-off':
      return [`Two-step verification was turned off for your Orbit account on ${when}. Your password alone now signs you in.`];
    case 'turned-off-by-reset':
      return [`Your Orbit password was reset with a link sent to this address on ${when}, and two-step verification was turned off with it.`];
  }
}

function ifNotYou(change: TwoStepChange, forgotPasswordLink: string): string[] {
  if (change === 'turned-on') {
    return [
      'If this was not you, someone else holds a way into your account and their authenticator now guards it. Reset your password here:',
      '',
      forgotPasswordLink,
      '',
      `Within ${TWO_STEP_RESET_WINDOW_DAYS} days, the reset can also turn two-step verification off, and it signs out every device.`,
    ];
  }
  return [
    'If this was not you, reset your password here, which signs out every device, then turn two-step verification on again in Settings:',
    '',
    forgotPasswordLink,
  ];
}

/**
 * Tells the owner by email that two-step verification was turned on or off
 * (issue 50, finding 2), so a change made from a stolen session does not go
 * unnoticed, and says what to do if it was not them. Run it in the
 * background (app.mailer.inBackground): the answer does not wait for mail.
 */
export async function sendTwoStepNotice(mailer: Mailer, account: { username: string; email: string }, change: TwoStepChange, now: Date): Promise<void> {
  const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await mailer.send({
    to: account.email,
    subject: SUBJECTS[change],
    text: [`Hello ${account.username},`, '', ...whatHappened(change, when), '', ...ifNotYou(change, `${mailer.publicUrl}/forgot-password`)].join('\n'),
  });
}
