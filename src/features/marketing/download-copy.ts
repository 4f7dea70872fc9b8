import type { FeatureIconName } from './FeatureIcon';

/** SPEC section 2 Download: three ways to get the app. */
export const WAYS_TO_GET_THE_APP = [
  {
    title: 'Build from source',
    text: 'Clone the Orbit app repository and build it with the Android SDK. Best if you want to tinker or contribute.',
    icon: 'code',
  },
  {
    title: 'Online builder',
    text: 'Use an online app builder to package the Orbit web app into an installable APK, no tools on your computer needed.',
    icon: 'cloud',
  },
  {
    title: 'Pre-built APK',
    text: 'When the Android button above offers the APK, download it and open it on your phone. Allow installs from your browser when Android asks.',
    icon: 'download',
  },
] as const satisfies ReadonlyArray<{ title: string; text: string; icon: FeatureIconName }>;

/** SPEC section 2 Download: the benefits of the app over the website. */
export const APP_BENEFITS = [
  {
    title: 'Performance',
    text: 'A native shell that opens instantly and keeps scrolling, the radar and video smooth.',
    icon: 'bolt',
  },
  {
    title: 'Push notifications',
    text: 'Know the moment someone likes you, matches with you or sends a message.',
    icon: 'bell',
  },
  {
    title: 'Camera',
    text: 'Direct camera access for video calls, live streams and profile photos.',
    icon: 'camera',
  },
] as const satisfies ReadonlyArray<{ title: string; text: string; icon: FeatureIconName }>;
