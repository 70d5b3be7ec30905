/**
 * The words of Haven's e-mails: plain text, short, and with no links, so that a letter asking
 * someone to click is never Haven's (the usual bait of phishing). Each says how to reach the thing
 * in the app instead. None carries anything anyone wrote in Haven.
 */
import { RESET_CODE_MINUTES } from '../../shared/limits';

export interface Letter {
  /** For the log when sending fails. */
  kind: 'verification' | 'reset-code' | 'new-sign-in';
  subject: string;
  text: string;
}

const SIGN_OFF = '\n\n— Haven\n\nHaven never sends links by e-mail. If a message that looks like this one asks you to click something, it is not from us.';

export function verificationLetter(name: string, decision: { verified: true } | { verified: false; reason: string | null }): Letter {
  if (decision.verified) {
    return {
      kind: 'verification', subject: 'Your Haven account is verified',
      text: `Hello ${name},\n\nAn administrator has verified your professional account. Open Haven and sign in: your dashboard and your referral code are ready.${SIGN_OFF}`,
    };
  }
  const reason = decision.reason ? `\n\nThe reason given: ${decision.reason}` : '';
  return {
    kind: 'verification', subject: 'Your Haven account was not verified',
    text: `Hello ${name},\n\nAn administrator reviewed your professional account and did not verify it this time.${reason}\n\nYou can ask for another review from your Profile in Haven.${SIGN_OFF}`,
  };
}

export function resetCodeLetter(name: string, code: string): Letter {
  return {
    kind: 'reset-code', subject: 'Your Haven password reset code',
    text: `Hello ${name},\n\nAn administrator made a password reset code for your account:\n\n    ${code}\n\nIt works once, within ${RESET_CODE_MINUTES} minutes. In Haven, choose "Have a reset code?" on the sign-in screen and enter it with your e-mail address and a new password.\n\nIf you did not ask for this, you can ignore this e-mail: your password stays as it is.${SIGN_OFF}`,
  };
}

export function newSignInLetter(name: string, browser: string, at: Date): Letter {
  return {
    kind: 'new-sign-in', subject: 'A new sign-in to your Haven account',
    text: `Hello ${name},\n\nYour Haven account was signed in from a browser it had not seen before:\n\n    ${browser}\n    ${at.toUTCString()}\n\nIf this was you, there is nothing to do. If it was not, open Haven, change your password on your Profile and sign out the sessions you do not know there.${SIGN_OFF}`,
  };
}
