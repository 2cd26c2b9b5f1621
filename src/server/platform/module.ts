import type { FastifyPluginAsync } from 'fastify';
import type { ApiKeyCheck, ChangeRightCheck, TokenCheck, WriteCheck } from './auth.js';
import type { Clock } from './clock.js';
import type { CompanyFunctionsReader } from './company-functions.js';
import type { Config } from './config.js';
import type { Db } from './db.js';
import type { DispatchRoute } from './dispatcher.js';
import type { EventStore, InlineProjection } from './event-store.js';
import type { JobDefinition } from './jobs.js';
import type { ListPortContributions, ListPortName, ListPortValues } from './list-ports.js';
import type { LiveRule } from './live-visibility.js';
import type { EmailTemplate } from './mailer.js';
import type { PdfDocumentKind } from './render-pdf.jobs.js';

/**
 * The ports between the parts of the server, by name: a typed interface one part requires and one
 * module provides. The platform's own are listed here (the auth plugin's checks, the optional-functions
 * gate); a module that requires a port of its own declares it in its index.ts by augmenting this
 * interface (`declare module '../../platform/module.js' { interface Ports { worklistReader: WorklistReader } }`).
 */
export interface Ports {
  /** Whether a verified token is still a session (identity). */
  tokenCheck: TokenCheck;
  /** Whether the holder may write now (company: an ended trial is read-only). */
  writeCheck: WriteCheck;
  /** Whether a writer may change an area (team: the user-rights matrix). */
  changeRightCheck: ChangeRightCheck;
  /** The principal of an API key's secret, if it works now (integration). */
  apiKeyCheck: ApiKeyCheck;
  /** Which optional functions a company has on (company). */
  companyFunctionsReader: CompanyFunctionsReader;
}

export type PortName = keyof Ports;

export type { ListPortContributions, ListPortName, ListPortValues, ListPorts } from './list-ports.js';

/** What a provider may use to build its port: the platform's services, nothing of another module. */
export interface PortDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

/** How a module builds the ports it provides. */
export type PortProviders = { [K in PortName]?: (deps: PortDeps) => Ports[K] };

/** One tag of the OpenAPI document: a route's `schema.tags` names one. */
export interface ApiTag {
  name: string;
  description: string;
}

/**
 * Everything the app needs to know of a server module, in its index.ts: the one list in
 * `src/server/modules.ts` registers each part from here (routes, inline projections, jobs, the
 * OpenAPI document), in the list's order.
 */
export interface ModuleManifest<Required extends PortName = PortName, Collected extends ListPortName = ListPortName> {
  /** The module's folder under `src/server/modules`. */
  name: string;
  /** The ports the module's plugin is given; start-up fails when one has no provider. */
  requires: readonly Required[];
  /** The ports the module provides to the platform and to other modules. */
  provides: PortProviders;
  /** The list ports the module's plugin is given, each with every module's contributions. */
  collects?: readonly Collected[];
  /** The module's entries of list ports (a module that collects one may contribute to it too). */
  contributes?: ListPortContributions;
  /** The module's routes and hooks; `ports` holds exactly what `requires` and `collects` name. */
  plugin: FastifyPluginAsync<{ ports: Pick<Ports, Required> & Pick<ListPortValues, Collected> }>;
  /** Inline projections: the read models an append updates in its own transaction (server and worker). */
  projections?: (eventStore: EventStore) => readonly InlineProjection[];
  /** Background work: job definitions, the events that become jobs, email templates and printable documents. */
  jobs?: {
    definitions?: readonly JobDefinition[];
    dispatchRoutes?: readonly DispatchRoute[];
    emailTemplates?: readonly EmailTemplate[];
    pdfDocuments?: readonly PdfDocumentKind[];
  };
  /** The module's OpenAPI tags, and the view modules whose `...Schema` exports become named components. */
  openApi: { tags: readonly ApiTag[]; views?: readonly Record<string, unknown>[] };
  /** The live feed's `type:<streamType>` topics of the streams the module writes (docs/live-feed.md). */
  liveTopics: readonly string[];
  /** Who of the company receives each of the module's events on the live feed (`<module>.live.ts`, `liveRulesOf`). */
  liveRules: Readonly<Record<string, LiveRule>>;
}

/** Keeps a manifest's required and collected ports typed where it is written, and lets the list hold every module. */
export const defineModule = <Required extends PortName = never, Collected extends ListPortName = never>(
  manifest: ModuleManifest<Required, Collected>,
): ModuleManifest => manifest as unknown as ModuleManifest;

/** A port some part of the server cannot start without, and who needs it. */
export interface PortRequirement {
  port: PortName;
  by: string;
}

/** The ports the platform's own plugins cannot start without (app.ts registers them before the modules). */
export const platformRequires: readonly PortRequirement[] = [
  { port: 'tokenCheck', by: 'the auth plugin' },
  { port: 'writeCheck', by: 'the auth plugin' },
  { port: 'changeRightCheck', by: 'the auth plugin' },
  { port: 'apiKeyCheck', by: 'the auth plugin' },
  { port: 'companyFunctionsReader', by: 'the company-functions plugin' },
];

/** The ports a module's plugin may be given: the single ones and the lists. */
export type ResolvedPorts = Ports & ListPortValues;

/**
 * Every list port a manifest collects or contributes to, with the contributions of all manifests in
 * their order. Contributions are plain entries, so the worker gathers the same lists (jobs.ts).
 */
export function resolveListPorts(manifests: readonly Pick<ModuleManifest, 'collects' | 'contributes'>[]): ListPortValues {
  const lists: Partial<Record<ListPortName, unknown[]>> = {};
  for (const manifest of manifests) {
    for (const port of manifest.collects ?? []) lists[port] ??= [];
    for (const [port, entries] of Object.entries(manifest.contributes ?? {}) as [ListPortName, readonly unknown[]][]) {
      lists[port] = [...(lists[port] ?? []), ...entries];
    }
  }
  return lists as unknown as ListPortValues;
}

/**
 * Builds every port from the manifests before anything registers. Throws an Error of one line when
 * a required port has no provider (naming the port and who requires it), when two modules provide
 * the same port, or when two manifests share a name. List ports gather every contribution
 * (`resolveListPorts`). `replaced` swaps a provider for a test.
 */
export function resolvePorts(
  manifests: readonly Pick<ModuleManifest, 'name' | 'requires' | 'provides' | 'collects' | 'contributes'>[],
  deps: PortDeps,
  platformRequires: readonly PortRequirement[] = [],
  replaced: Partial<Ports> = {},
): ResolvedPorts {
  const providers = new Map<PortName, { module: string; build: (deps: PortDeps) => unknown }>();
  const names = new Set<string>();
  for (const manifest of manifests) {
    if (names.has(manifest.name)) throw new Error(`Module ${manifest.name} is listed twice`);
    names.add(manifest.name);
    for (const [port, build] of Object.entries(manifest.provides) as [PortName, (deps: PortDeps) => unknown][]) {
      const other = providers.get(port);
      if (other) throw new Error(`Port ${port} is provided by both ${other.module} and ${manifest.name}`);
      providers.set(port, { module: manifest.name, build });
    }
  }
  const requirements = [...platformRequires, ...manifests.flatMap((manifest) => manifest.requires.map((port) => ({ port, by: `module ${manifest.name}` })))];
  for (const { port, by } of requirements) {
    if (!providers.has(port) && !(port in replaced)) throw new Error(`Port ${port} required by ${by} has no provider`);
  }
  const ports: Partial<Record<PortName, unknown>> = {};
  for (const [port, provider] of providers) ports[port] = provider.build(deps);
  return { ...ports, ...resolveListPorts(manifests), ...replaced } as ResolvedPorts;
}

/**
 * The ports a manifest requires and collects, and only those: what its plugin is given (typed by
 * `requires` and `collects` where the manifest is written).
 */
export function portsOf(manifest: Pick<ModuleManifest, 'requires' | 'collects'>, ports: ResolvedPorts): ResolvedPorts {
  const names: (PortName | ListPortName)[] = [...manifest.requires, ...(manifest.collects ?? [])];
  return Object.fromEntries(names.map((port) => [port, ports[port]])) as unknown as ResolvedPorts;
}
