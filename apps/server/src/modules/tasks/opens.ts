/**
 * When a pixel hit counts as an open (docs/decisions/tasks.md). Every hit is recorded; an
 * open needs a hit that is no security scanner's or link checker's (by user agent) and that comes
 * later than a scanner would: gateways fetch a message's images within seconds of delivery, a
 * person rarely does. Apple Mail Privacy Protection fetches through Apple's proxy whether or not
 * the mail is read, so counted opens stay an estimate; the UI says so.
 */
export const PREFETCH_SECONDS = 10;

const SCANNER_AGENTS = [
  /barracuda/i,
  /mimecast/i,
  /proofpoint/i,
  /symantec/i,
  /forcepoint/i,
  /trendmicro|trend micro/i,
  /sophos/i,
  /fortinet|fortiguard/i,
  /cisco|ironport/i,
  /safelinks|microsoft office protection|ms-office-protection/i,
  /bot\b|crawler|spider|scanner|preview/i,
  /curl\/|wget\/|python-requests|python-urllib|go-http-client|java\/|libwww|okhttp|node-fetch|axios/i,
];

export function isScannerAgent(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return SCANNER_AGENTS.some((re) => re.test(userAgent));
}

export function countsAsOpen(hit: { userAgent: string | undefined; at: Date }, sentAt: Date | null): boolean {
  if (!sentAt) return false;
  if (hit.at.getTime() - sentAt.getTime() < PREFETCH_SECONDS * 1000) return false;
  return !isScannerAgent(hit.userAgent);
}
