import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import { carouselMachine, selectIsAutoplaying, selectSlideIndex } from '../../../machines/home/carousel.machine';
import { IconButton, mediaConditions, px } from '../../ui';
import { CAROUSEL_SLIDES } from './home-copy';

/**
 * The first slide is usually Home's largest paint. Its URL is known before
 * Home renders, so the route starts fetching it while the page is still being
 * built; the <img> then finds it in the cache (covers are served immutable).
 */
export function preloadFirstSlideImage(): void {
  const first = CAROUSEL_SLIDES[0];
  if (typeof Image === 'undefined' || !first) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = first.image;
}

export type CarouselActorRef = ActorRefFrom<typeof carouselMachine>;

export interface HomeCarouselProps {
  /** Tests pass a running carousel actor (their own clock); the page makes its own. */
  carousel?: CarouselActorRef;
}

/** SPEC section 2: four slides, auto-advancing every 5 s, previous and next, dots. */
export function HomeCarousel({ carousel }: HomeCarouselProps) {
  return carousel ? <CarouselView carousel={carousel} /> : <OwnCarousel />;
}

/** The visitor's reduced-motion setting, or null where the browser cannot tell. */
function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(mediaConditions.reducedMotion) : null;
}

function OwnCarousel() {
  const carousel = useActorRef(carouselMachine, {
    input: { slideCount: CAROUSEL_SLIDES.length, autoplay: !reducedMotionQuery()?.matches },
  });
  // The setting can change while Home is open: rotation stops at once, and
  // only the visitor's own Play starts it again. A listener rather than
  // useMediaQuery, whose module would be one more file for `/` to fetch.
  useEffect(() => {
    const query = reducedMotionQuery();
    const stopIfAsked = () => {
      if (query?.matches) carousel.send({ type: 'PAUSE' });
    };
    query?.addEventListener('change', stopIfAsked);
    return () => query?.removeEventListener('change', stopIfAsked);
  }, [carousel]);
  return <CarouselView carousel={carousel} />;
}

/**
 * The WAI-ARIA carousel pattern: rotation holds while the pointer or focus is
 * inside, a Pause/Play button stops it for good, and slide changes are only
 * announced when the visitor moved it (not every 5 seconds).
 */
function CarouselView({ carousel }: { carousel: CarouselActorRef }) {
  const index = useSelector(carousel, selectSlideIndex);
  const autoplaying = useSelector(carousel, selectIsAutoplaying);
  const holders = useRef({ pointer: false, focus: false });

  const setHolder = (holder: 'pointer' | 'focus', inside: boolean) => {
    const wasHeld = holders.current.pointer || holders.current.focus;
    holders.current[holder] = inside;
    const isHeld = holders.current.pointer || holders.current.focus;
    if (isHeld && !wasHeld) carousel.send({ type: 'HOLD' });
    if (!isHeld && wasHeld) carousel.send({ type: 'RELEASE' });
  };

  return (
    <Region
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHolder('pointer', true)}
      onMouseLeave={() => setHolder('pointer', false)}
      onFocus={() => setHolder('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHolder('focus', false);
      }}
    >
      <Viewport>
        <Track aria-live={autoplaying ? 'off' : 'polite'} style={{ transform: `translateX(-${index * 100}%)` }}>
          {CAROUSEL_SLIDES.map((slide, slideIndex) => {
            const current = slideIndex === index;
            return (
              <Slide
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${slideIndex + 1} of ${CAROUSEL_SLIDES.length}: ${slide.title}`}
                aria-hidden={!current}
                inert={!current}
                data-current={current}
              >
                <SlideImage
                  src={slide.image}
                  alt=""
                  width={1200}
                  height={630}
                  loading={slideIndex === 0 ? 'eager' : 'lazy'}
                  fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
                />
                <Caption>
                  <CaptionTitle>{slide.title}</CaptionTitle>
                  <CaptionText>{slide.text}</CaptionText>
                </Caption>
              </Slide>
            );
          })}
        </Track>
      </Viewport>

      <Controls>
        <IconButton aria-label="Previous slide" variant="secondary" onClick={() => carousel.send({ type: 'PREV' })}>
          <Chevron direction="left" />
        </IconButton>
        <Dots>
          {CAROUSEL_SLIDES.map((slide, slideIndex) => (
            <li key={slide.id}>
              <Dot
                type="button"
                aria-label={`Show slide ${slideIndex + 1}: ${slide.title}`}
                aria-current={slideIndex === index ? 'true' : undefined}
                $active={slideIndex === index}
                onClick={() => carousel.send({ type: 'GO_TO', index: slideIndex })}
              />
            </li>
          ))}
        </Dots>
        <IconButton aria-label="Next slide" variant="secondary" onClick={() => carousel.send({ type: 'NEXT' })}>
          <Chevron direction="right" />
        </IconButton>
        <IconButton
          aria-label={autoplaying ? 'Pause slideshow' : 'Play slideshow'}
          variant="ghost"
          onClick={() => carousel.send({ type: autoplaying ? 'PAUSE' : 'PLAY' })}
        >
          {autoplaying ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
      </Controls>
    </Region>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M8 5v14l11-7z" />
    </svg>
  );
}

const Region = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  max-width: ${({ theme }) => px(theme.sizes.containerMax * 0.8)};
  margin-inline: auto;
`;

const Viewport = styled.div`
  overflow: hidden;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const Track = styled.div`
  display: flex;
  transition: transform 600ms ease-out;

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;
  }
`;

const Slide = styled.div`
  position: relative;
  flex: 0 0 100%;
  min-width: 0;
`;

const SlideImage = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 630;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.purpleTint};
`;

const Caption = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => px(theme.space[4])};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.onBrand};

  ${({ theme }) => theme.media.tablet} {
    position: absolute;
    left: ${({ theme }) => px(theme.space[6])};
    bottom: ${({ theme }) => px(theme.space[6])};
    max-width: 28rem;
    padding: ${({ theme }) => px(theme.space[6])};
    border-radius: ${({ theme }) => px(theme.radii.card)};
    background: ${({ theme }) => theme.colors.overlay};
    backdrop-filter: blur(6px);
  }
`;

const CaptionTitle = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
`;

const CaptionText = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const Dots = styled.ul`
  display: flex;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: 0;
  list-style: none;
`;

/** A 44 px touch target around a small visible dot. */
const Dot = styled.button<{ $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[8])};
  height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;

  &::before {
    content: '';
    width: ${({ theme, $active }) => px($active ? theme.space[6] : theme.space[3])};
    height: ${({ theme }) => px(theme.space[3])};
    border-radius: ${({ theme }) => px(theme.radii.pill)};
    background: ${({ theme, $active }) => ($active ? theme.gradients.brand : theme.colors.controlBorder)};
    transition: width ${({ theme }) => theme.motion.base};
  }
`;
