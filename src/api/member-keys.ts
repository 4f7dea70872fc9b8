/**
 * The members area's query keys, in a file of their own so notices and photos
 * can name them without loading the members API. What belongs
 * to the signed-in account sits under ['me', ...] (their photos and notices
 * too), so that one removal of ['me'] on sign-in takes all of it.
 */
export const memberKeys = {
  me: () => ['me'] as const,
  photos: () => ['me', 'photos'] as const,
  notices: () => ['me', 'notices'] as const,
  profile: (userId: string) => ['users', 'profile', userId] as const,
};
