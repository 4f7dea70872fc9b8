import styled from 'styled-components';
import { px } from '../../ui';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { FAQ_ITEMS } from './home-offers';

/** SPEC section 2: four questions as native disclosures (keyboard and screen-reader ready). */
export function FaqSection() {
  return (
    <MarketingSection id="faq" tone="alt">
      <SectionHeader sectionId="faq" eyebrow="FAQ" title="Frequently asked questions" />
      <List>
        {FAQ_ITEMS.map((item) => (
          <Item key={item.question}>
            <Question>{item.question}</Question>
            <Answer>{item.answer}</Answer>
          </Item>
        ))}
      </List>
    </MarketingSection>
  );
}

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  max-width: 80ch;
  margin-inline: auto;
`;

const Item = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};

  &[open] summary::after {
    transform: rotate(45deg);
  }
`;

const Question = styled.summary`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[4])};
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: ${({ theme }) => `${px(theme.space[4])} ${px(theme.space[6])}`};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  cursor: pointer;
  list-style: none;

  &::-webkit-details-marker {
    display: none;
  }

  &::after {
    content: '+' / '';
    flex: none;
    color: ${({ theme }) => theme.colors.purple};
    font-size: ${({ theme }) => px(theme.font.sizes.xl)};
    line-height: 1;
    transition: transform ${({ theme }) => theme.motion.fast};
  }
`;

const Answer = styled.p`
  padding: ${({ theme }) => `0 ${px(theme.space[6])} ${px(theme.space[4])}`};
  color: ${({ theme }) => theme.colors.neutralText};
`;
