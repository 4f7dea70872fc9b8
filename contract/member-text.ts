// Text a member writes is read by others. Some characters change what they
// read without showing themselves: a right-to-left override turns
// "gpj.exe" into "exe.jpg", isolates and embeddings reorder what follows,
// zero-width spaces and word joiners hide inside words that filters look
// for. They are refused in every free-text field a member writes (names
// refuse every format character, see members/display-name.ts).
// Direction marks (LRM, RLM) and joiners (ZWJ, ZWNJ) stay: they reorder
// nothing around them, and emoji sequences and many scripts need them.

/** Control characters but tab and line breaks; bidi embeddings, overrides and isolates; zero-width space, word joiner, BOM. */
const HIDDEN_OR_REORDERING = /(?![\t\n\r])\p{Cc}|[\u200B\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** Whether `text` holds a character that hides or reorders what others read. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_OR_REORDERING.test(text);
}

/** The 400 message for a field that holds one. */
export function hiddenCharactersMessage(label: string): string {
  return `${label} must not contain invisible or text-direction characters`;
}

/** The refinement every member-written text field carries: `.refine(...refusingHiddenCharacters('Bio'))`. */
export function refusingHiddenCharacters(label: string) {
  return [(text: string) => !hasHiddenCharacters(text), { message: hiddenCharactersMessage(label) }] as const;
}
