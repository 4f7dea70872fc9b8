// Under CI a check that cannot run here is a failure, not a skip: a green run
// must mean every test ran. Elsewhere (a laptop without Janus, a container
// without CAP_NET_ADMIN) the check is skipped and one line says what and why.
// Plain JavaScript so the launch scripts use it as the tests do.

/** Whether this is a CI run: CI set to anything but '', '0' or 'false' (.ci/run exports CI=true). */
export function underCi(env = process.env) {
  const value = env.CI ?? '';
  return value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** What CI says when something a check needs is missing: the check, and what is missing. */
export function missingUnderCiMessage(what, missing) {
  return `CI=true and ${what} cannot run: ${missing}. CI fails rather than skip it; provide what is missing.`;
}

/**
 * `what` (a suite, a run) needs something that may be missing here; `missing`
 * names it, or is undefined when it is present. Returns whether to skip
 * `what`, after printing a line saying so; under CI throws instead, so the
 * run fails naming what is missing.
 */
export function skipUnlessCi(what, missing) {
  if (missing === undefined) return false;
  if (underCi()) throw new Error(missingUnderCiMessage(what, missing));
  console.warn(`skipped: ${what}, because ${missing} (under CI=true this fails the run)`);
  return true;
}
