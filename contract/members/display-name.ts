import { remove as replaceLookalikes } from 'confusables';
import { z } from 'zod';

/** Control and format characters: zero-width spaces and joiners, direction marks, overrides and isolates, soft hyphens. */
const INVISIBLE_OR_DIRECTION = /[\p{Cc}\p{Cf}]/u;
export const NAME_INVISIBLE_MESSAGE = 'Name must not contain invisible or text-direction characters';
export const NAME_STAFF_MESSAGE = 'Name must not look like an Orbit staff account';

/** Verification marks that make a name read as an official account. */
const VERIFIED_MARKS = /[\u2705\u2713\u2714\u2611\u{1F6E1}\u{1F512}]/u;
const STAFF_WORD_LIST = 'support|team|staff|admin|administrator|official|moderator|mod|safety|security|help|helpdesk';
const STAFF_WORDS = new RegExp(`\\b(${STAFF_WORD_LIST})\\b`);
const STAFF_TITLES = /^(admin|administrator|moderator|mod|support|staff|system)$/;
/** Run together: "OrbitSupport", "SupportOrbit", "TheOrbitTeam". */
const RUN_TOGETHER = new RegExp(`^(the)?(orbit(${STAFF_WORD_LIST})|(${STAFF_WORD_LIST})orbit)$`);

/**
 * Whether a name poses as Orbit staff: "Orbit Support", "0rbit team",
 * "OrbitSupport", "Admin", or any name with a verification mark. Compared
 * on letters only, lower case, after every lookalike of a Latin letter is
 * read as that letter ("Оrbit Team" with a Cyrillic О, "Admіn" with a
 * Ukrainian і, mathematical and full-width letters: the confusables
 * library's mapping), with a zero read as an o and a one as an i.
 */
export function posesAsStaff(name: string): boolean {
  if (VERIFIED_MARKS.test(name)) return true;
  const plain = replaceLookalikes(name.normalize('NFKC'))
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/1/g, 'i')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (STAFF_TITLES.test(plain)) return true;
  if (/\borbit\b/.test(plain) && STAFF_WORDS.test(plain)) return true;
  return [plain.replace(/ /g, ''), ...plain.split(' ')].some((word) => RUN_TOGETHER.test(word));
}

/**
 * A member's display name: NFC-normalised and trimmed, 1 to `max` characters,
 * nothing invisible or direction-changing (which can hide or reverse what
 * others read), and not posing as Orbit staff.
 */
export const displayNameSchema = (max: number) =>
  z
    .string({ message: 'Name must be text' })
    .normalize('NFC')
    .trim()
    .min(1, 'Name is required')
    .max(max, `Name must be at most ${max} characters`)
    .refine((name) => !INVISIBLE_OR_DIRECTION.test(name), { message: NAME_INVISIBLE_MESSAGE })
    .refine((name) => !posesAsStaff(name), { message: NAME_STAFF_MESSAGE });
