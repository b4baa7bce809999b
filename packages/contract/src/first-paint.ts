// `first-paint.json` of the web build: the dashboard's first paint, which the server fills with the
// signed-in user and sends inside index.html, and the login page's, sent to a visit without a
// session (apps/web/vite-first-paint.ts writes it, apps/server/src/lib/first-paint.ts reads it).

/** The words of one language; `%fp:name%` in the template. */
export type FirstPaintTexts = {
  tab: string;
  morning: string;
  afternoon: string;
  evening: string;
  intro: string;
  today: string;
  todayFormat: string;
  weekdays: string;
  roles: Record<string, string>;
};

/** The login page's words in one language; `%lp:name%` in its template. */
export type LoginPaintTexts = {
  tagline: string;
  featureCustomers: string;
  featureQuotes: string;
  featureCampaigns: string;
  title: string;
  subtitle: string;
  username: string;
  password: string;
  submit: string;
  footer: string;
};

export type LoginPaint = {
  template: string;
  /** CSP source of the template's one inline script ('sha256-…'). */
  scriptHash: string;
  texts: Record<string, LoginPaintTexts>;
};

export type FirstPaint = {
  template: string;
  /** CSP source of the template's one inline script ('sha256-…'). */
  scriptHash: string;
  texts: Record<string, FirstPaintTexts>;
  login: LoginPaint;
};
