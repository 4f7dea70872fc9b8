import type { GeoLocation } from '../../../../contract/members/profile';

/** Why the browser gave no position, in words for the person. */
export class LocationUnavailableError extends Error {
  override name = 'LocationUnavailableError';
}

const DENIED = 1;

/** The device's position, asking the browser's permission first. */
export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<GeoLocation> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationUnavailableError('This browser cannot share a location.'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) =>
        reject(
          new LocationUnavailableError(
            error.code === DENIED ? 'Location permission was denied. Allow it in your browser settings to update your location.' : 'Your location could not be found. Please try again.',
          ),
        ),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
