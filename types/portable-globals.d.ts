/**
 * The WHATWG URL class, which browsers and Node both provide: the one runtime global the pure
 * domain uses (checking that a link parses; no I/O). Declared for tsconfig.domain.json only,
 * because src/domain sees neither the DOM nor the Node types.
 */
interface URL {
  readonly href: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  toString(): string;
}

declare const URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
  canParse(url: string, base?: string): boolean;
};
