/**
 * One wording for the server's compatibility score wherever a person is shown
 * (Spin, Discover's cards, Matches): SPEC's Spin label, "85% compatibility",
 * with the candidate's own number.
 */
export function compatibilityLabel(percent: number): string {
  return `${percent}% compatibility`;
}
