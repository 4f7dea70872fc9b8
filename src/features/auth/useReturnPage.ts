import { useRouter, useSearch } from '@tanstack/react-router';
import { optionalReturnPath } from '../../search-params';

export interface ReturnPage {
  /** The page's own title (Home for /), or null for a page titled by its content, such as a blog post. */
  name: string | null;
}

/**
 * The page a sign-in on Login or Sign Up will go back to (`?redirect=`), so
 * the screen can say why it is asking: someone bounced here from a profile or
 * a Like should not have to guess. Null when nothing sent them.
 */
export function useReturnPage(): ReturnPage | null {
  const router = useRouter();
  const { redirect } = useSearch({ strict: false });
  const path = optionalReturnPath(redirect);
  if (path === undefined) return null;
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const [, , foundRoute] = router.getMatchedRoutes(pathname);
  const title = foundRoute?.options.staticData?.pageTitle;
  if (title === '') return { name: 'Home' };
  return { name: title ?? null };
}
