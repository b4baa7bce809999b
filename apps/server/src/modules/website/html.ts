/**
 * HTML built by tagged templates: every interpolated value is escaped unless it is already `Html`
 * (made by `html` itself or `raw`). Arrays are joined, null/undefined/false print nothing.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Trusted markup (made by this module, never from a visitor or a record). */
export const raw = (markup: string): Html => new Html(markup);

/** Plain text as paragraphs: blank lines split them, single newlines become <br>. */
export function paragraphs(text: string): Html {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return html`${blocks.map((b) => html`<p>${b.split('\n').map((line, i) => html`${i > 0 ? raw('<br>') : ''}${line}`)}</p>`)}`;
}

/** JSON inside <script type="application/ld+json">: `<` escaped so no value can close the element. */
export function jsonLd(value: unknown): Html {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
  return raw(`<script type="application/ld+json">${json}</script>`);
}

/** A URL slug from a product name: lower-case latin letters and digits joined by '-'; may be empty. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
