/**
 * A filter a link put in the address (`/order/list?status=in_progress`, from a dashboard card), read
 * once as the list's first state by lists that keep their filters in component state.
 */
export function linkParam(name: string): string | undefined {
  const value = new URLSearchParams(window.location.search).get(name)?.trim();
  return value || undefined;
}

export const linkList = (name: string): string[] => linkParam(name)?.split(',').filter(Boolean) ?? [];

export function linkId(name: string): number | undefined {
  const n = Number(linkParam(name));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
