import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import styled, { useTheme, type DefaultTheme } from 'styled-components';
import type { NearbyUser } from '../../../../contract/discovery';
import { px, usePrefersReducedMotion } from '../../../ui';
import { dotOffset, personAtPoint, RADAR_MARGIN_SHARE, RADAR_MAX_WIDTH_PX, radarRingsKm, radarScaleKm, SWEEP_PERIOD_MS } from './radar-geometry';

const Canvas = styled.canvas`
  display: block;
  width: 100%;
  max-width: ${px(RADAR_MAX_WIDTH_PX)};
  height: auto;
  aspect-ratio: 1;
  margin-inline: auto;
  touch-action: manipulation;
`;

/** How far from a dot a tap still picks it, in CSS pixels: about half a fingertip. */
const TAP_REACH_PX = 22;

/** Internal resolution: sharp on high-density screens without drawing more than needed. */
function backingSize(): number {
  const density = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  return Math.round(RADAR_MAX_WIDTH_PX * density);
}

const SWEEP_WIDTH_RADIANS = 0.7;
/** A dot glows for this long after the sweep passes it. */
const GLOW_RADIANS = 1.6;
/** Under reduced motion the sweep rests here (pointing up-right). */
const RESTING_SWEEP = -Math.PI / 4;

interface Frame {
  context: CanvasRenderingContext2D;
  size: number;
  theme: DefaultTheme;
  users: readonly NearbyUser[];
  sweep: number;
  radiusKm: number;
}

function drawGrid({ context, size, theme, radiusKm }: Frame): void {
  const centre = size / 2;
  const radius = centre - size * RADAR_MARGIN_SHARE;
  context.clearRect(0, 0, size, size);
  context.fillStyle = theme.colors.purpleTint;
  context.beginPath();
  context.arc(centre, centre, radius, 0, 2 * Math.PI);
  context.fill();

  context.strokeStyle = theme.colors.purple;
  context.fillStyle = theme.colors.muted;
  context.lineWidth = size / 250;
  context.font = `${Math.round(size / 30)}px ${theme.font.family}`;
  const rings = radarRingsKm(radiusKm);
  const scaleKm = radarScaleKm(radiusKm);
  for (const ringKm of rings) {
    const ringRadius = (radius * ringKm) / scaleKm;
    context.globalAlpha = 0.35;
    context.beginPath();
    context.arc(centre, centre, ringRadius, 0, 2 * Math.PI);
    context.stroke();
    context.globalAlpha = 1;
    context.fillText(`${ringKm} km`, centre + size * 0.01, centre - ringRadius + size * 0.04);
  }
  context.globalAlpha = 0.2;
  context.beginPath();
  context.moveTo(centre - radius, centre);
  context.lineTo(centre + radius, centre);
  context.moveTo(centre, centre - radius);
  context.lineTo(centre, centre + radius);
  context.stroke();
  context.globalAlpha = 1;
}

function drawSweep({ context, size, theme, sweep }: Frame): void {
  const centre = size / 2;
  const radius = centre - size * RADAR_MARGIN_SHARE;
  const gradient = context.createLinearGradient(0, 0, size, size);
  gradient.addColorStop(0, theme.colors.pinkDark);
  gradient.addColorStop(1, theme.colors.purple);
  context.fillStyle = gradient;
  context.globalAlpha = 0.3;
  context.beginPath();
  context.moveTo(centre, centre);
  context.arc(centre, centre, radius, sweep - SWEEP_WIDTH_RADIANS, sweep);
  context.closePath();
  context.fill();
  context.globalAlpha = 1;
}

function drawPeople({ context, size, theme, users, sweep, radiusKm }: Frame): void {
  const centre = size / 2;
  const radius = centre - size * RADAR_MARGIN_SHARE;
  for (const user of users) {
    const offset = dotOffset(user._id, user.distanceKm, radarScaleKm(radiusKm));
    const angle = Math.atan2(offset.y, offset.x);
    const behindSweep = (((sweep - angle) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    context.globalAlpha = 0.55 + 0.45 * Math.max(0, 1 - behindSweep / GLOW_RADIANS);
    context.fillStyle = user.isOnline ? theme.colors.green : theme.colors.pink;
    context.beginPath();
    context.arc(centre + offset.x * radius, centre + offset.y * radius, size / 60, 0, 2 * Math.PI);
    context.fill();
  }
  context.globalAlpha = 1;
  context.fillStyle = theme.colors.purple;
  context.beginPath();
  context.arc(centre, centre, size / 70, 0, 2 * Math.PI);
  context.fill();
}

export interface RadarCanvasProps {
  users: readonly NearbyUser[];
  /** How far the radar looked: the rings' distances follow from it (radarRingsKm). */
  radiusKm: number;
  /** Names the picture for screen readers; the list beside it carries the details. */
  label: string;
  /** A dot was tapped or clicked. Pointer only: the list beside the radar offers the same people to the keyboard. */
  onPick?: (user: NearbyUser) => void;
}

/** The person under a pointer event on the canvas, from where it landed on the drawn rings. */
function personUnder(event: MouseEvent<HTMLCanvasElement>, users: readonly NearbyUser[], radiusKm: number): NearbyUser | undefined {
  const box = event.currentTarget.getBoundingClientRect();
  const radius = (box.width / 2) * (1 - 2 * RADAR_MARGIN_SHARE);
  if (radius <= 0) return undefined;
  const point = { x: (event.clientX - box.left - box.width / 2) / radius, y: (event.clientY - box.top - box.height / 2) / radius };
  return personAtPoint(users, point, TAP_REACH_PX / radius, radarScaleKm(radiusKm));
}

/**
 * The radar picture (SPEC section 9: at most 500 px wide, 3 rings; their
 * distances follow the radius searched, radarRingsKm): a sweep that turns, and a dot per person at their distance. The
 * sweep stops under prefers-reduced-motion. With `onPick`, tapping a dot
 * picks that person.
 */
export function RadarCanvas({ users, radiusKm, label, onPick }: RadarCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  const reducedMotion = usePrefersReducedMotion();
  const size = backingSize();

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    // No 2D context (old browsers, test DOMs): the list still tells everything.
    if (!context) return;
    const frame = (sweep: number) => {
      const parts: Frame = { context, size, theme, users, sweep, radiusKm };
      drawGrid(parts);
      drawSweep(parts);
      drawPeople(parts);
    };
    if (reducedMotion) {
      frame(RESTING_SWEEP);
      return;
    }
    let handle = 0;
    const tick = (time: number) => {
      frame(((time % SWEEP_PERIOD_MS) / SWEEP_PERIOD_MS) * 2 * Math.PI);
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [users, theme, reducedMotion, size, radiusKm]);

  const pickHandlers = onPick
    ? {
        onClick: (event: MouseEvent<HTMLCanvasElement>) => {
          const person = personUnder(event, users, radiusKm);
          if (person) onPick(person);
        },
        // The pointer turns into a hand over a dot, as over any link.
        onPointerMove: (event: PointerEvent<HTMLCanvasElement>) => {
          event.currentTarget.style.cursor = personUnder(event, users, radiusKm) ? 'pointer' : '';
        },
      }
    : {};

  return <Canvas ref={canvasRef} width={size} height={size} role="img" aria-label={label} data-reduced-motion={reducedMotion} {...pickHandlers} />;
}
