import { Link } from '@tanstack/react-router';
import { Text } from '../../ui';
import { LegalPage, LegalSection } from './LegalPage';

/**
 * Every cookie and browser-storage entry Orbit writes (issue 37, finding 15):
 * src/api/session.ts, src/features/messaging/outbox-store.ts and
 * desktop-notifications.ts, server/auth/device-cookie.ts. Change it when they change.
 */
export function CookiePolicyScreen() {
  return (
    <LegalPage
      title="Cookie Policy"
      summary={
        <Text>
          Orbit uses no advertising or analytics cookies and no third-party trackers. It sets one cookie, only once you have signed in, to protect your
          account, and keeps a few entries in your browser&apos;s storage so that Orbit works.
        </Text>
      }
    >
      <LegalSection title="The cookie">
        <ul>
          <li>
            <strong>Device cookie</strong> (<code>orbit_device</code>; <code>orbit_admin_device</code> for Orbit&apos;s operators): a device cookie
            used only to recognise a browser that signed in before, so guessing attempts elsewhere cannot lock you out. It is set when you sign in,
            holds a random id and a key for your account, is signed so that it cannot be forged, and lasts a year. It is HttpOnly, so no script on
            the page can read it, and it is sent only with Orbit&apos;s own sign-in requests.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Your browser's storage">
        <Text>These are kept in your browser&apos;s local storage, are not cookies, and are never sent anywhere by themselves.</Text>
        <ul>
          <li>
            <strong>
              <code>user_token</code>, <code>admin_token</code>
            </strong>
            : your sign-in, so that you stay signed in across pages and tabs. Removed when you log out.
          </li>
          <li>
            <strong>
              <code>signed_out_reason</code>
            </strong>
            : why you were last signed out, so that every open Orbit tab tells you the same.
          </li>
          <li>
            <strong>
              <code>orbit.outbox.…</code>
            </strong>
            : messages you wrote that have not reached Orbit yet (for example while offline), removed once they are sent.
          </li>
          <li>
            <strong>
              <code>orbit.desktopNotifications</code>
            </strong>
            : whether you turned on desktop notifications for new messages.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Your choices">
        <Text>
          Each of these is strictly needed for the feature it serves, so Orbit does not ask for consent to them. You can delete them in your browser&apos;s
          settings: without the device cookie your next sign-in from this browser counts as one from an unknown device; without the token you are
          signed out. What Orbit keeps on its side is described in the <Link to="/privacy">Privacy Policy</Link>.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
