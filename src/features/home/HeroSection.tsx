import styled, { keyframes } from 'styled-components';
import { ButtonLink, Container, px } from '../../ui';

export interface HeroSectionProps {
  title: string;
  subtitle: string;
}

/** Faces drawn on the orbit rings (generated avatars; decorative): seed and look, Kai keeping the seed's own mix. */
// Spelled out, not avatarPath(): see TESTIMONIALS in home-offers.ts.
const ORBITING_FACES = ['hero-amara?look=feminine', 'hero-rohan?look=masculine', 'hero-lena?look=feminine', 'hero-kai', 'hero-zoya?look=feminine'] as const;

/** SPEC section 2: title and subtitle from the public config, buttons to /download and /users. */
export function HeroSection({ title, subtitle }: HeroSectionProps) {
  return (
    <Hero aria-labelledby="hero-title">
      <HeroInner>
        <Copy>
          <Kicker>Dating, in orbit</Kicker>
          <Title id="hero-title">{title}</Title>
          <Subtitle>{subtitle}</Subtitle>
          <Actions>
            <ButtonLink to="/download" size="lg" variant="secondary">
              Download the App
            </ButtonLink>
            <GhostOnBrand to="/users" size="lg" variant="ghost">
              Start Discovering
            </GhostOnBrand>
          </Actions>
        </Copy>
        <Orbit aria-hidden="true">
          <Ring $scale={1} />
          <Ring $scale={0.7} />
          <Ring $scale={0.4} />
          <Spinner>
            {ORBITING_FACES.map((face, index) => (
              <Face
                key={face}
                src={`/api/media/avatar/${face}`}
                alt=""
                width={64}
                height={64}
                $angle={(360 / ORBITING_FACES.length) * index}
                $radius={index % 2 === 0 ? 50 : 35}
              />
            ))}
          </Spinner>
          <Core>❤</Core>
        </Orbit>
      </HeroInner>
    </Hero>
  );
}

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  background: ${({ theme }) => theme.gradients.brand};
  color: ${({ theme }) => theme.colors.onBrand};
`;

const HeroInner = styled(Container)`
  display: grid;
  gap: ${({ theme }) => px(theme.space[8])};
  align-items: center;
  padding-block: ${({ theme }) => px(theme.space[12])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 3fr 2fr;
    padding-block: ${({ theme }) => px(theme.space[16])};
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  min-width: 0;
`;

const Kicker = styled.p`
  align-self: flex-start;
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: -0.02em;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => px(theme.font.sizes.display)};
  }
`;

const Subtitle = styled.p`
  max-width: 56ch;
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[3])};
  margin-top: ${({ theme }) => px(theme.space[2])};
`;

const GhostOnBrand = styled(ButtonLink)`
  color: ${({ theme }) => theme.colors.onBrand};
  border-color: ${({ theme }) => theme.colors.onBrand};

  &:hover:not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const rotate = keyframes`
  to { transform: rotate(360deg); }
`;

const Orbit = styled.div`
  position: relative;
  display: none;
  width: 100%;
  max-width: ${({ theme }) => px(theme.space[16] * 6)};
  aspect-ratio: 1;
  justify-self: center;

  ${({ theme }) => theme.media.tablet} {
    display: block;
  }
`;

const Ring = styled.span<{ $scale: number }>`
  position: absolute;
  inset: ${({ $scale }) => `${((1 - $scale) / 2) * 100}%`};
  border: 2px solid ${({ theme }) => theme.colors.onBrand};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  opacity: 0.35;
`;

const Spinner = styled.div`
  position: absolute;
  inset: 0;
  animation: ${rotate} 60s linear infinite;

  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

const counterRotate = keyframes`
  to { transform: rotate(-360deg); }
`;

/** Placed by angle on a ring (radius in % of the orbit), turning back so faces stay upright. */
const Face = styled.img<{ $angle: number; $radius: number }>`
  position: absolute;
  top: ${({ $angle, $radius }) => `${50 + $radius * Math.sin(($angle * Math.PI) / 180)}%`};
  left: ${({ $angle, $radius }) => `${50 + $radius * Math.cos(($angle * Math.PI) / 180)}%`};
  width: ${({ theme }) => px(theme.space[16])};
  height: ${({ theme }) => px(theme.space[16])};
  margin: ${({ theme }) => px(-theme.space[16] / 2)};
  border: 3px solid ${({ theme }) => theme.colors.onBrand};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${counterRotate} 60s linear infinite;

  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

const Core = styled.span`
  position: absolute;
  top: 50%;
  left: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[16])};
  height: ${({ theme }) => px(theme.space[16])};
  margin: ${({ theme }) => px(-theme.space[16] / 2)};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.onBrand};
  color: ${({ theme }) => theme.colors.pinkDark};
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;
