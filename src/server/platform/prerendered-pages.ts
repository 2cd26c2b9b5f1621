import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The cookie the console sets when the user picks a language (src/web/lib/i18n.ts, changeLanguage). */
export const languageCookie = 'shopfloor.language';

/**
 * The console's prerendered pages (vite.config.ts) and the one to send for a request: the public pages
 * (`prerendered/<page>.<lang>.html`) for their address, and the signed-in frame's stand-in
 * (`prerendered/frame/<lang>.html`) for every address inside the frame (`prerendered/frame/paths.json`: the
 * frame's wouter patterns, and those the router matches before them). The language: the user's choice (cookie), else the first the browser accepts
 * that there is a copy of, else English. Null for an address that has no prerendered copy.
 */
export function prerenderedPages(webDir: string): (url: string, headers: { cookie?: string; 'accept-language'?: string }) => string | null {
  const dir = path.join(webDir, 'prerendered');
  const byPath = new Map<string, Set<string>>();
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    const match = /^([\w-]+)\.(\w+)\.html$/.exec(file);
    if (!match) continue;
    const languages = byPath.get(`/${match[1]}`) ?? new Set<string>();
    languages.add(match[2]);
    byPath.set(`/${match[1]}`, languages);
  }
  const frameDir = path.join(dir, 'frame');
  const frameLanguages = new Set((existsSync(frameDir) ? readdirSync(frameDir) : []).flatMap((file) => /^(\w+)\.html$/.exec(file)?.[1] ?? []));
  const paths = existsSync(path.join(frameDir, 'paths.json'))
    ? (JSON.parse(readFileSync(path.join(frameDir, 'paths.json'), 'utf8')) as { frame: string[]; before: string[] })
    : { frame: [], before: [] };
  const framePaths = paths.frame.map(patternToRegExp);
  // The router matches these first: an address they take is not the frame's, even when a frame pattern fits it too.
  const takenBefore = paths.before.map(patternToRegExp);
  return (url, headers) => {
    const pathname = url.split('?')[0];
    const chosen = new RegExp(`(?:^|;\\s*)${languageCookie.replace('.', '\\.')}=(\\w+)`).exec(headers.cookie ?? '')?.[1];
    const wanted = [chosen, ...acceptedLanguages(headers['accept-language'] ?? ''), 'en'];
    const languages = byPath.get(pathname);
    if (languages) {
      const language = wanted.find((candidate) => candidate && languages.has(candidate));
      return language ? `prerendered/${pathname.slice(1)}.${language}.html` : null;
    }
    if (!framePaths.some((pattern) => pattern.test(pathname)) || takenBefore.some((pattern) => pattern.test(pathname))) return null;
    const language = wanted.find((candidate) => candidate && frameLanguages.has(candidate));
    return language ? `prerendered/frame/${language}.html` : null;
  };
}

/** A wouter pattern of the console's route table (`/order/details/:id?`) as a regular expression for whole paths, as wouter matches (any case, a trailing slash). */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      const parameter = /^:\w+(\?)?$/.exec(segment);
      if (parameter) return parameter[1] ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

/** The primary tags of an Accept-Language header, most wanted first (`de-AT,de;q=0.9,en;q=0.8` -> de, de, en). */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
