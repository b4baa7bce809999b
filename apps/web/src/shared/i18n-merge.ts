export type Texts = Record<string, unknown>;

/** One language's texts: the app's base file, then each module's file (own top-level keys). */
export function mergeTexts(base: Texts, modules: Texts[]): Texts {
  return modules.reduce<Texts>((all, texts) => Object.assign(all, texts), { ...base });
}
