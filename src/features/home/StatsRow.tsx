import styled from 'styled-components';
import type { Stat } from '../../../contract/site-settings';
import { Container, px, VisuallyHidden } from '../../ui';
import { ACCENT_INK } from '../marketing/accent-ink';

/** SPEC section 2 stats row: value and label in the stat's colour (from the public config). */
export function StatsRow({ stats }: { stats: readonly Stat[] }) {
  return (
    <Band aria-labelledby="stats-title">
      <VisuallyHidden as="h2" id="stats-title">
        Orbit in numbers
      </VisuallyHidden>
      <Container>
        <Grid>
          {stats.map((stat) => (
            <Item key={`${stat.label}-${stat.value}`} $color={stat.color}>
              {/* The label comes first for screen readers (dt before dd); the figure shows on top. */}
              <Label>{stat.label}</Label>
              <Value $color={stat.color}>{stat.value}</Value>
            </Item>
          ))}
        </Grid>
      </Container>
    </Band>
  );
}

const Band = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding-block: ${({ theme }) => px(theme.space[8])};
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Item = styled.div<{ $color: Stat['color'] }>`
  display: flex;
  flex-direction: column-reverse;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => px(theme.space[4])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme, $color }) => theme.colors[ACCENT_INK[$color].fill]};
  text-align: center;
`;

const Value = styled.dd<{ $color: Stat['color'] }>`
  color: ${({ theme, $color }) => theme.colors[ACCENT_INK[$color].ink]};
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
  font-variant-numeric: tabular-nums;
`;

const Label = styled.dt`
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;
