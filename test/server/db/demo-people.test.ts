import { describe, expect, it } from 'vitest';
import { buildDemoPeople } from '../../../server/db/seed/people';
import { mulberry32 } from '../../../server/db/seed/random';

const NOW = new Date('2026-03-15T12:00:00Z');
const MUMBAI = { latitude: 19.076, longitude: 72.8777 };

/** Great-circle distance in km (haversine), independent of the seed's own maths. */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('buildDemoPeople', () => {
  const people = buildDemoPeople(mulberry32(42), NOW, 'hash', ['demo']);

  it('is reproducible from the same random seed and varies with another', () => {
    const again = buildDemoPeople(mulberry32(42), NOW, 'hash', ['demo']);
    expect(again).toEqual(people);
    const other = buildDemoPeople(mulberry32(43), NOW, 'hash', ['demo']);
    expect(other.map((person) => person.username)).not.toEqual(people.map((person) => person.username));
  });

  it('gives everyone a unique username that is valid for sign-up and for media seeds', () => {
    const usernames = people.map((person) => person.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    expect(usernames).not.toContain('demo');
    for (const username of usernames) expect(username).toMatch(/^[a-z0-9]{3,30}$/);
  });

  it("writes names as people spell them (D'Souza), while the username keeps letters only", () => {
    const dSouza = people.find((person) => person.name?.endsWith("D'Souza"));
    expect(dSouza?.username).toMatch(/^[a-z]+d\d{2}$/);
    expect(people.some((person) => person.name?.includes('DSouza'))).toBe(false);
  });

  it('places most people within 50 km of Mumbai, scattered rather than on a line', () => {
    const nearMumbai = people.filter(
      (person) => distanceKm(MUMBAI, { latitude: person.latitude ?? 0, longitude: person.longitude ?? 0 }) < 50,
    );
    expect(nearMumbai.length / people.length).toBeGreaterThan(0.6);
    // Collinear points would all share one bearing from the centre.
    const bearings = new Set(
      nearMumbai.map((person) =>
        Math.round((Math.atan2((person.latitude ?? 0) - MUMBAI.latitude, (person.longitude ?? 0) - MUMBAI.longitude) * 180) / Math.PI / 10),
      ),
    );
    expect(bearings.size).toBeGreaterThan(10);
    expect(new Set(people.map((person) => person.region)).size).toBeGreaterThanOrEqual(5);
  });

  it('wants to meet people as people do: most the other gender, some everyone, a few their own; ages around their own', () => {
    const share = (test: (person: (typeof people)[number]) => boolean, among = people) => among.filter(test).length / among.length;
    const women = people.filter((person) => person.gender === 'female');
    const men = people.filter((person) => person.gender === 'male');
    expect(share((person) => person.showMe === 'men', women)).toBeGreaterThan(0.55);
    expect(share((person) => person.showMe === 'women', men)).toBeGreaterThan(0.55);
    for (const group of [women, men]) {
      expect(share((person) => person.showMe === 'everyone', group)).toBeGreaterThan(0.1);
      expect(share((person) => person.showMe === (group === women ? 'women' : 'men'), group)).toBeGreaterThan(0.02);
    }
    for (const person of people) {
      const { age, prefMinAge = 18, prefMaxAge = 99 } = person;
      expect(prefMinAge).toBeGreaterThanOrEqual(18);
      expect(prefMaxAge).toBeLessThanOrEqual(99);
      // Their own age is always in their range.
      expect(age).toBeGreaterThanOrEqual(prefMinAge);
      expect(age).toBeLessThanOrEqual(prefMaxAge);
    }
    expect(share((person) => person.prefMinAge === 18 && person.prefMaxAge === 99)).toBeLessThan(0.3);
    expect(share((person) => person.prefMaxDistanceKm === null)).toBeGreaterThan(0.3);
    expect(share((person) => person.prefMaxDistanceKm === null)).toBeLessThan(0.8);
  });

  it('has everyone set up already (the guided set-up is for new registrations)', () => {
    for (const person of people) {
      expect(person.onboardedAt).toBeInstanceOf(Date);
      expect(person.onboardedAt?.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('has VIPs with a tier and a future expiry, and last-seen times within 14 days', () => {
    const vips = people.filter((person) => person.isVip);
    expect(vips.length / people.length).toBeGreaterThan(0.08);
    expect(vips.length / people.length).toBeLessThan(0.25);
    for (const vip of vips) {
      expect(['Gold', 'Platinum', 'Diamond']).toContain(vip.vipTier);
      expect(vip.vipUntil?.getTime()).toBeGreaterThan(NOW.getTime());
    }
    for (const person of people) {
      const ageMs = NOW.getTime() - (person.lastSeenAt?.getTime() ?? 0);
      expect(ageMs).toBeGreaterThanOrEqual(0);
      expect(ageMs).toBeLessThanOrEqual(14 * 24 * 3600 * 1000 + 15 * 60 * 1000);
    }
  });
});
