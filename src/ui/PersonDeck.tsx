import styled from 'styled-components';
import { Card } from './Card';
import { Stack } from './layout';
import { Spinner } from './Spinner';
import { Text } from './Text';
import { px } from './theme';

// Spin and Matches are one screen design: a deck showing one person at a
// time, and a side panel that drops below it on narrow screens.

/** The deck's column beside the side panel (stacked until desktop). */
export const DeckLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[6])};
  min-width: 0;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

/** The card holding the current person and the buttons that act on them. */
export const DeckCard = styled(Card)<{ $gap: 4 | 6 }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => px(theme.space[$gap])};
  width: 100%;
  max-width: ${({ theme }) => px(theme.sizes.dialogMax)};
  margin-inline: auto;
`;

/** What the deck shows while its machine fetches the people. */
export function DeckLoading({ label, text }: { label: string; text: string }) {
  return (
    <Stack align="center" gap={3}>
      <Spinner size="lg" label={label} />
      <Text tone="muted">{text}</Text>
    </Stack>
  );
}
