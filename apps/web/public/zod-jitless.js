// Runs before the app's modules. The page's CSP allows no eval: zod would probe for it (new Function)
// when it builds the contract's object schemas, and each probe is reported as a CSP violation. Its
// interpreted path is as correct. (zod reads this object as its global config.)
globalThis.__zod_globalConfig = { jitless: true };
