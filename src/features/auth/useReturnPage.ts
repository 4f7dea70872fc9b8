import { useRouter, useSearch } from '@tanstack/react-router';
import type { SessionRole } from '../../../machines/auth/auth.machine';
import { pathAfterSignIn } from './path-after-sign-in';

export interface ReturnPage {
  /** The page's own title (Home for /), or null for a page titled by its content, such as a blog post. */
  name: string | null;
}

/**
 * The page a sign-in as `role` will go back to (`?redirect=`), so Login and
 * Sign Up can say why they are asking: someone bounced here from a profile or
 * a Like should not have to guess. Null when nothing sent them, or when this
 * role would not go there (a user is never sent into the admin area).
 */
export function useReturnPage(role: SessionRole): ReturnPage | null {
  const router = useRouter();
  const { redirect } = useSearch({ strict: false });
  const path = pathAfterSignIn(role, redirect);
  if (path !== redirect) return null;
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const [, , foundRoute] = router.getMatchedRoutes(pathname);
  const title = foundRoute?.options.staticData?.pageTitle;
  if (title === '') return { name: 'Home' };
  return { name: title ?? null };
}

/**
 * The auth card's subtitle: `usual` when nothing sent the person here,
 * otherwise "`lead` to continue to Profile." (or "where you were").
 */
export function returnPageSubtitle(returnPage: ReturnPage | null, lead: string, usual: string): string {
  if (!returnPage) return usual;
  return returnPage.name ? `${lead} to continue to ${returnPage.name}.` : `${lead} to continue where you were.`;
}
