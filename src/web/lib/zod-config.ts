import { z } from 'zod';

// The server's Content-Security-Policy allows no eval. zod probes for it when it builds an object schema
// (to compile fast parsers), which is a CSP violation in every page's console and costs Lighthouse's best
// practices; it falls back without eval anyway. lib/error-messages.ts imports it; vite.config.ts
// puts it into zod's chunk, so it runs whenever that chunk arrives, before any schema is built.
z.config({ jitless: true });
