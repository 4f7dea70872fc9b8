import { Link } from '@tanstack/react-router';
import { Text } from '../../ui';
import { LegalPage, LegalSection } from './LegalPage';

/** The rules of using Orbit, accepted at registration (issue 37, finding 15). */
export function TermsOfServiceScreen() {
  return (
    <LegalPage
      title="Terms of Service"
      summary={
        <Text>
          Orbit is for adults who want to meet people. Be who you say you are, treat others with respect, and keep your account to yourself. Moderators
          remove what breaks these rules and may close the accounts behind it. You can leave at any time by deleting your account.
        </Text>
      }
    >
      <LegalSection title="Who can join">
        <ul>
          <li>You must be 18 or over. You confirm it when you join, and the age on your profile must be your real age.</li>
          <li>One account per person, in your own name and with your own photos.</li>
          <li>You may not join if a moderator has closed an account of yours for breaking these Terms.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Your account">
        <Text>
          Choose a password you use nowhere else and keep it to yourself: Orbit refuses common passwords and ones containing your username or email.
          You are responsible for what is done with your account. If you think someone else has used it, change your password and sign out your other
          devices in <Link to="/settings">Settings</Link>.
        </Text>
      </LegalSection>

      <LegalSection title="How to behave">
        <ul>
          <li>No harassment, threats, hate, or pressing someone who has said no or stopped answering.</li>
          <li>No sexual content in photos, and nothing that involves anyone under 18.</li>
          <li>No scams, asking other members for money, advertising or spam.</li>
          <li>No pretending to be someone else, and no photos of other people without their consent.</li>
          <li>No sharing another member&apos;s messages, photos or personal details outside Orbit without their consent.</li>
          <li>No automated sign-ups, scraping, or attempts to get around blocks, bans or limits.</li>
        </ul>
      </LegalSection>

      <LegalSection title="What you post">
        <Text>
          Your photos, profile and messages remain yours. You allow Orbit to store them and show them to the members you reach through Orbit, for as long
          as they are on Orbit, as the <Link to="/privacy">Privacy Policy</Link> describes. Post only what you have the right to share.
        </Text>
      </LegalSection>

      <LegalSection title="Safety and moderation">
        <Text>
          Block anyone you do not want to hear from, and report anyone who breaks these rules: a block hides you from each other everywhere in Orbit, and
          reports go to Orbit&apos;s moderators. Moderators may remove photos and close accounts that break these Terms; a closed account can no longer
          sign in. When you meet someone in person, meet in a public place and tell a friend where you are going.
        </Text>
      </LegalSection>

      <LegalSection title="Coins, VIP and gifts">
        <ul>
          <li>Coins buy gifts and features inside Orbit. They are not money, except through a withdrawal that Orbit&apos;s operators approve.</li>
          <li>Withdrawals are reviewed by Orbit&apos;s operators, who may reject one (for example one funded by fraud), saying why.</li>
          <li>A VIP subscription can be cancelled at any time with no fee, and stays active until the end of the period already paid for.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Leaving">
        <Text>
          You can delete your account at any time in <Link to="/settings">Settings</Link>; what happens to your data is set out in the{' '}
          <Link to="/privacy">Privacy Policy</Link>. Coins left in a deleted account are lost.
        </Text>
      </LegalSection>

      <LegalSection title="The service">
        <Text>
          Orbit is provided as it is. It works to keep the service running and members safe, but cannot promise that it is always available, nor
          vouch for what members say about themselves. When these Terms change, the date at the top changes with them, and continuing to use Orbit
          means accepting the new Terms.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
