/**
 * How many posts a blog teaser shows. Its own module so the routes that
 * prefetch a teaser's posts need not load the teaser's code to know.
 */
export const TEASER_POST_COUNT = 3;
