import styled from 'styled-components';
import { Avatar, Grid, px } from '../../ui';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { TESTIMONIALS, type Testimonial } from './home-offers';

const MAX_RATING = 5;

/** SPEC section 2: three hard-coded testimonials, rating shown as stars. */
export function Testimonials() {
  return (
    <MarketingSection id="testimonials" tone="tint">
      <SectionHeader sectionId="testimonials" eyebrow="Testimonials" title="Real people, real stories" />
      <Grid>
        {TESTIMONIALS.map((testimonial) => (
          <Quote key={testimonial.id}>
            <Stars rating={testimonial.rating} />
            <blockquote>
              <QuoteText>“{testimonial.text}”</QuoteText>
            </blockquote>
            <Person>
              <Avatar src={testimonial.avatar} name={testimonial.name} size={48} loading="lazy" />
              <div>
                <Name>{testimonial.name}</Name>
                <Place>{testimonial.location}</Place>
              </div>
            </Person>
          </Quote>
        ))}
      </Grid>
    </MarketingSection>
  );
}

function Stars({ rating }: { rating: Testimonial['rating'] }) {
  return (
    <StarRow role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star key={index} $filled={index < rating} aria-hidden="true">
          ★
        </Star>
      ))}
    </StarRow>
  );
}

const Quote = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => px(theme.space[6])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const StarRow = styled.span`
  display: flex;
  gap: ${({ theme }) => px(theme.space[1] / 2)};
`;

const Star = styled.span<{ $filled: boolean }>`
  color: ${({ theme, $filled }) => ($filled ? theme.colors.vip : theme.colors.border)};
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  line-height: 1;
`;

const QuoteText = styled.p`
  color: ${({ theme }) => theme.colors.neutralText};
`;

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  margin-top: auto;
`;

const Name = styled.p`
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Place = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;
