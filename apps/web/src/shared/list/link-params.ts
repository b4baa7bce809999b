/**
 * A filter a link put in the address (`/inquiry/list?state=new`, from a dashboard card), read once
 * as the list's first state by lists that keep their filters in component state (the kit's lists
 * read the whole address through `useListState`).
 */
export function linkParam(name: string): string | undefined {
  const value = new URLSearchParams(window.location.search).get(name)?.trim();
  return value || undefined;
}
