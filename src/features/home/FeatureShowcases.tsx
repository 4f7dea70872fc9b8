import styled from 'styled-components';
import { ButtonLink, px } from '../../ui';
import { ACCENT_INK } from '../marketing/accent-ink';
import { RaisedCoverImage } from '../marketing/cover-image';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { SHOWCASES } from './showcase-copy';

export interface FeatureShowcasesProps {
  title: string;
  subtitle: string;
}

/** Alternating picture-and-text rows; the heading texts come from the public config. */
export function FeatureShowcases({ title, subtitle }: FeatureShowcasesProps) {
  return (
    <MarketingSection id="showcases">
      <SectionHeader sectionId="showcases" title={title} subtitle={subtitle} />
      <Rows>
        {SHOWCASES.map((showcase, index) => (
          <Row key={showcase.id} $flip={index % 2 === 1}>
            <RaisedCoverImage src={showcase.image} alt="" width={1200} height={630} loading="lazy" decoding="async" />
            <Copy>
              <ShowcaseTitle>{showcase.title}</ShowcaseTitle>
              <p>{showcase.text}</p>
              <Points>
                {showcase.points.map((point) => (
                  <Point key={point} $accent={showcase.accent}>
                    {point}
                  </Point>
                ))}
              </Points>
              <div>
                <ButtonLink to={showcase.link.to} variant="secondary">
                  {showcase.link.label}
                </ButtonLink>
              </div>
            </Copy>
          </Row>
        ))}
      </Rows>
    </MarketingSection>
  );
}

const Rows = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[12])};
`;

const Row = styled.article<{ $flip: boolean }>`
  display: grid;
  gap: ${({ theme }) => px(theme.space[6])};
  align-items: center;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => px(theme.space[12])};

    & > img {
      order: ${({ $flip }) => ($flip ? 2 : 0)};
    }
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  min-width: 0;
  color: ${({ theme }) => theme.colors.neutralText};
`;

const ShowcaseTitle = styled.h3`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Points = styled.ul`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

const Point = styled.li<{ $accent: keyof typeof ACCENT_INK }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  font-weight: ${({ theme }) => theme.font.weights.semibold};

  &::before {
    content: '✓' / '';
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: ${({ theme }) => px(theme.space[6])};
    height: ${({ theme }) => px(theme.space[6])};
    border-radius: ${({ theme }) => px(theme.radii.pill)};
    background: ${({ theme, $accent }) => theme.colors[ACCENT_INK[$accent].fill]};
    color: ${({ theme, $accent }) => theme.colors[ACCENT_INK[$accent].ink]};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  }
`;
