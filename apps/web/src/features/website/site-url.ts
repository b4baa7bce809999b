/**
 * Where "Open the site" leads. With its own host name set, the site is at `/` of that host, reached
 * the way the back office is being reached now: same scheme (behind a TLS proxy the back office is
 * https, and the site's name points at the same server or proxy) and the same port when it is not
 * the default (a server on :3000 serves the site's name on :3000 too). Without one: /site/ here.
 */
export function siteUrl(hostName: string, here: { protocol: string; port: string }): string {
  const name = hostName.trim();
  if (!name) return '/site/';
  const scheme = here.protocol === 'https:' ? 'https:' : 'http:';
  return `${scheme}//${name}${here.port ? `:${here.port}` : ''}/`;
}
