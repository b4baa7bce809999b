// A user without a picture shows their initial on a colour of their own: the same in the app
// (UserAvatar) and in the dashboard's first paint from the server.

const PALETTE = [
  '#5b8ff9',
  '#5ad8a6',
  '#f6bd16',
  '#e8684a',
  '#6dc8ec',
  '#9270ca',
  '#ff9d4d',
  '#269a99',
] as const;

export function avatarColor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

export function avatarInitial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}
