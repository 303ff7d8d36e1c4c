import { describe, expect, it } from 'vitest';
import { distanceMetres, POOR_ACCURACY_M, radarVerdict } from './geofence.ts';

const HALL = { latitude: 31.2304, longitude: 121.4737 };

describe('distanceMetres', () => {
  it('matches known distances', () => {
    // One degree of latitude is about 111.2 km everywhere.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
    // Paris to London, about 343.5 km.
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(distanceMetres(paris, london) / 1000).toBeCloseTo(343.5, 0);
    expect(distanceMetres(HALL, HALL)).toBe(0);
  });

  it('shrinks longitude with latitude and crosses the antimeridian', () => {
    const atEquator = distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.001 });
    const at60 = distanceMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 0.001 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 2);
    expect(
      distanceMetres({ latitude: 0, longitude: 179.9999 }, { latitude: 0, longitude: -179.9999 }),
    ).toBeCloseTo(22.2, 0);
  });
});

describe('radarVerdict', () => {
  const north = (metres: number) => ({
    latitude: HALL.latitude + metres / 111_195,
    longitude: HALL.longitude,
  });

  it('takes a precise position inside the radius and refuses one outside', () => {
    expect(radarVerdict(HALL, 50, north(40), 10).kind).toBe('inside');
    expect(radarVerdict(HALL, 50, north(60), 10).kind).toBe('outside');
    expect(radarVerdict(HALL, 50, north(60), 10).distance).toBeCloseTo(60, 0);
  });

  it('sends an imprecise position to review unless even its nearest point is outside', () => {
    expect(radarVerdict(HALL, 50, north(10), POOR_ACCURACY_M + 1).kind).toBe('review');
    // Accuracy worse than the radius cannot place the student inside it either.
    expect(radarVerdict(HALL, 30, north(10), 40).kind).toBe('review');
    expect(radarVerdict(HALL, 50, north(10), null).kind).toBe('review');
    expect(radarVerdict(HALL, 50, north(2000), 500).kind).toBe('outside');
  });
});
