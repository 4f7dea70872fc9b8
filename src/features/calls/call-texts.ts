import type { CallQuality, MediaProblem } from '../../../machines/calls/video-call.machine';

/** What the call screen says about a camera or microphone that would not start. */
export function mediaProblemText(problem: MediaProblem): { title: string; text: string } {
  if (problem.device === 'microphone') {
    return {
      title: 'Your microphone is unavailable too',
      text: "Without a microphone the call can't go on. Allow microphone access in your browser's site settings and call again.",
    };
  }
  switch (problem.kind) {
    case 'denied':
      return {
        title: 'Camera access was blocked',
        text: "Orbit can't use your camera. Allow it in your browser's site settings, or continue the call with audio only.",
      };
    case 'missing':
      return {
        title: 'No camera found',
        text: "We couldn't find a camera on this device. You can continue the call with audio only.",
      };
    case 'unavailable':
      return {
        title: "Your camera isn't available",
        text: 'It may be in use by another app. You can continue the call with audio only.',
      };
  }
}

export const QUALITY_LABELS: Record<CallQuality, string> = { good: 'Good', fair: 'Fair', poor: 'Poor' };
