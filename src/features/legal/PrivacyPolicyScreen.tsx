import { Link } from '@tanstack/react-router';
import { Text } from '../../ui';
import { LegalPage, LegalSection } from './LegalPage';

/**
 * What Orbit stores, why, for how long, and how to take it or delete it
 * (issue 37, finding 15). Written from server/db/schema.ts and the code that
 * keeps or deletes each thing: change it when they change.
 */
export function PrivacyPolicyScreen() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={
        <Text>
          Orbit is a dating service. To introduce you to people near you it keeps your account, your profile and photos, roughly where you are, who you
          like and match, and your messages. It uses them to run Orbit and to keep members safe, never for advertising, and sells nothing to anyone. You
          can download everything Orbit keeps about you, and delete your account, from Settings at any time.
        </Text>
      }
    >
      <LegalSection title="What Orbit keeps, and why">
        <ul>
          <li>
            <strong>Your account:</strong> username, email address, age and gender, and when you confirmed you are 18 or over and accepted the Terms.
            Your password is kept only as an Argon2id hash, never as you typed it. These sign you in and keep Orbit for adults.
          </li>
          <li>
            <strong>Your profile:</strong> name, bio, region, language, interests, who you want to meet (gender, ages, distance) and your settings, such
            as read receipts and whether others see when you were last active. Other members see your profile so they can decide whether to meet you.
          </li>
          <li>
            <strong>Your photos:</strong> the pictures you upload, stored as resized copies. They are shown on your profile; moderators remove those that
            break the <Link to="/terms">Terms of Service</Link>.
          </li>
          <li>
            <strong>Your location:</strong> when you choose &ldquo;Use my current location&rdquo;, the latitude and longitude your browser gives. Nobody
            else ever sees them: the radar only uses the centre of the square of about 1 km that holds your position, and distances are shown rounded to
            whole kilometres.
          </li>
          <li>
            <strong>Likes, passes, matches and blocks:</strong> whom you liked, passed, matched or blocked, and when. They make your matches, and keep
            people you blocked out of your sight and you out of theirs.
          </li>
          <li>
            <strong>Messages:</strong> what you and your matches write to each other, and how far each of you has received and read, to deliver them.
          </li>
          <li>
            <strong>Reports:</strong> when you report someone, the reason, what you wrote and, for a report made from a chat, a copy of that
            chat&apos;s latest messages, so that moderators can act on it.
          </li>
          <li>
            <strong>Coins, VIP and payouts:</strong> your coin balance and VIP plan, your purchases (item, amount, date) and the withdrawals you ask
            for (amount, payout method, status), to give you what you paid for and to keep the accounts.
          </li>
          <li>
            <strong>Signed-in devices:</strong> for each sign-in, when it started, when it was last used, when it ends, and the browser&apos;s
            User-Agent, so that you can tell your devices apart under &ldquo;Where you&apos;re signed in&rdquo; in Settings and sign any of them out.
          </li>
          <li>
            <strong>Sign-in protection:</strong> failed sign-in attempts on an account, with their time and, from a browser that signed in before, the
            random id of its device cookie (see the <Link to="/cookies">Cookie Policy</Link>), to slow down anyone guessing passwords.
          </li>
          <li>
            <strong>Email links:</strong> for a password reset or email confirmation link, a one-way hash of the link&apos;s secret (never the link
            itself), the address it went to and when it expires.
          </li>
          <li>
            <strong>Newsletter:</strong> if you subscribe, the email address you give. It is not linked to your account.
          </li>
          <li>
            <strong>Server logs:</strong> each request&apos;s address, result and timing, and the network address it came from, to keep Orbit working
            and find abuse. Passwords, tokens and cookies are removed before anything is written.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Who sees it">
        <Text>
          Other members see your profile, photos, a rounded distance and, unless you turn it off, whether you are online or when you were last active.
          Only you and the person you write to see your messages. Orbit&apos;s moderators see accounts, photos, reports and payout requests, to keep
          members safe and to pay out. Orbit does not sell or share your data with advertisers or data brokers, and has no advertising or analytics
          partners.
        </Text>
      </LegalSection>

      <LegalSection title="How long it is kept">
        <ul>
          <li>Your account, profile, photos, location, likes, matches and blocks: until you delete your account (or, for a photo or your location, until you remove it).</li>
          <li>Messages: until the match ends (an unmatch or a block deletes the conversation&apos;s messages), or until either account is deleted.</li>
          <li>
            Signed-in devices: a sign-in lasts a day, or 30 days with &ldquo;Remember me&rdquo;, and ends sooner when left unused or signed out.
            Ended ones are deleted the next time you sign in, and all of them with your account.
          </li>
          <li>Failed sign-in attempts: 15 minutes.</li>
          <li>Email links: until used or expired (30 minutes for a password reset, 24 hours for an email confirmation), and never past your account.</li>
          <li>
            Reports you made stay with the moderators after you delete your account, without your name. Reports about you stay too, under your
            username, so that nobody can erase them by leaving and joining again. A copy of chat messages in a report is deleted when the report is
            resolved.
          </li>
          <li>Purchases and settled withdrawals are kept for the accounts after you delete your account, no longer linked to you.</li>
          <li>Newsletter addresses: until you ask for yours to be removed.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Take it or delete it">
        <ul>
          <li>
            <strong>Download:</strong> in <Link to="/settings">Settings</Link>, &ldquo;Your data&rdquo; &rarr; &ldquo;Download my data&rdquo; gives
            you a file with your account, profile, location, photos, likes and passes, matches, messages, blocks, the reports you made, purchases,
            withdrawals and signed-in devices.
          </li>
          <li>
            <strong>Correct:</strong> edit your profile, move or forget your location, hide from the radar, and turn read receipts and your activity
            off in Settings.
          </li>
          <li>
            <strong>Delete:</strong> in <Link to="/settings">Settings</Link>, &ldquo;Delete account&rdquo; with your password deletes your account
            at once, with your photos, likes, matches, messages, blocks and signed-in devices. What stays is only what is listed above. A withdrawal
            still waiting for review must be paid or rejected first.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Changes">
        <Text>When this policy changes, the date at the top changes with it.</Text>
      </LegalSection>
    </LegalPage>
  );
}
