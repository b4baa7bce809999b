/**
 * Whether a recipient is on the blacklist (the server's rule: the address itself, or `@domain` of
 * it or of a parent domain). The list is searched by the address's last two domain labels, which
 * every entry that can match contains.
 */
export function blacklistSearchTerm(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domain.split('.').slice(-2).join('.');
}

export function isBlacklisted(address: string, values: readonly string[]): boolean {
  const a = address.trim().toLowerCase();
  if (!a.includes('@')) return false;
  const set = new Set(values.map((v) => v.toLowerCase()));
  if (set.has(a)) return true;
  const parts = a.slice(a.lastIndexOf('@') + 1).split('.');
  for (let i = 0; i < parts.length - 1; i++) if (set.has(`@${parts.slice(i).join('.')}`)) return true;
  return false;
}
