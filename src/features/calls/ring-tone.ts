/**
 * The incoming call's ring: two short tones every two seconds, made with the
 * Web Audio API (no sound file to load). Browsers refuse to play sound on a
 * page nobody has touched yet, so it only rings after the member has
 * interacted with the page (`navigator.userActivation`); the panel is what
 * tells them either way. Nothing here ever throws: a blocked or missing audio
 * system is a silent ring.
 */

/** One ring: two beeps, then quiet until the next. */
const RING_EVERY_MS = 2000;
const BEEP_SECONDS = 0.35;
const BEEP_GAP_SECONDS = 0.15;
const BEEP_HZ = 440;
const BEEP_VOLUME = 0.12;

export interface RingTone {
  start: () => void;
  stop: () => void;
}

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const legacy = (window as Window & { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  return window.AudioContext ?? legacy;
}

/** Whether the page may make sound now: the member has clicked, tapped or typed on it. */
export function pageMayPlaySound(): boolean {
  return typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true;
}

function beep(context: AudioContext, at: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = BEEP_HZ;
  // A short fade in and out: a hard start or stop clicks.
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(BEEP_VOLUME, at + 0.02);
  gain.gain.setValueAtTime(BEEP_VOLUME, at + BEEP_SECONDS - 0.05);
  gain.gain.linearRampToValueAtTime(0, at + BEEP_SECONDS);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + BEEP_SECONDS);
}

export function createRingTone({ mayPlay = pageMayPlaySound }: { mayPlay?: () => boolean } = {}): RingTone {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const ring = () => {
    try {
      if (!context || context.state === 'closed') return;
      const now = context.currentTime;
      beep(context, now);
      beep(context, now + BEEP_SECONDS + BEEP_GAP_SECONDS);
    } catch {
      // A context that stopped working mid-ring: stay silent.
    }
  };

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    const closing = context;
    context = null;
    try {
      closing?.close().catch(() => {});
    } catch {
      // Already closed.
    }
  };

  const start = () => {
    stop();
    const AudioContextType = audioContextClass();
    if (!AudioContextType || !mayPlay()) return;
    try {
      context = new AudioContextType();
      context.resume().catch(() => {});
    } catch {
      context = null;
      return;
    }
    ring();
    timer = setInterval(ring, RING_EVERY_MS);
  };

  return { start, stop };
}
