import type { Role } from '../../domain/shared/roles.js';

/**
 * Every fact the log holds, by module: each module adds its events' union in its `<module>.live.ts`
 * (`declare module '../../platform/live-visibility.js' { interface KnownEvents { lots: LotEvent } }`), beside the
 * rules of those events. `recordEvents` takes only these.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface KnownEvents {}
export type KnownEvent = KnownEvents[keyof KnownEvents];
export type KnownEventType = KnownEvent['type'];

/**
 * What one role receives of an event: `all` of the company's, only its `own` (the event's subject
 * is the viewer), or `none`. `keep` lists the payload fields sent (dotted paths into nested objects);
 * without it the whole payload goes.
 */
export interface RoleRule {
  to: 'all' | 'own' | 'none';
  keep?: readonly string[];
}

export interface EventRule {
  /** The payload field naming the user the event is about (for `own`); default `userId`. */
  subject?: string;
  roles: Record<Role, RoleRule>;
}

/**
 * The rule of an event type: one for every event of it, or chosen by the event's payload where REST
 * answers events of one type differently by what they are about (a person's document vs an order's).
 */
export type LiveRule = EventRule | ((data: Readonly<Record<string, unknown>>) => EventRule);

/** The rule that applies to one event of a type. */
export const ruleOfEvent = (liveRule: LiveRule, data: unknown): EventRule =>
  typeof liveRule === 'function' ? liveRule((data ?? {}) as Readonly<Record<string, unknown>>) : liveRule;

/** Who reads what over REST (docs/security.md, "The live feed and roles"): the feed answers the same. */
export const all: RoleRule = { to: 'all' };
export const own: RoleRule = { to: 'own' };
export const none: RoleRule = { to: 'none' };
export const rule = (writers: RoleRule, operator: RoleRule, owner: RoleRule = writers): EventRule => ({
  roles: { MASTER: owner, SUPER_USER: owner, ADMIN: writers, OPERATOR: operator },
});
/** Any signed-in user of the company reads it (orders, stations, materials, shipments, documents, ...). */
export const everyone = rule(all, all);
/** The user lists and records: writers read every user (GET /api/users, /api/team/employees/{id}); an operator only their own. */
export const writersAndSubject = rule(all, own);
/** Writers only (suggestions, station sessions). */
export const writersOnly = rule(all, none);
/** The owner's pages (account, exports, basic settings): the super user and the product operator acting for the company. */
export const ownersOnly = rule(none, none, all);
/** Only the user the event is about (their own screen's state), whatever their role. */
export const subjectOnly = rule(own, own, own);
/** Nobody: facts of the platform, never of one company's feed. */
export const nobody = rule(none, none, none);
/** Like `writersAndSubject`, but only these fields (what REST answers of it: never a sealed secret). */
export const peopleFields = (keep: readonly string[]) => rule({ to: 'all', keep }, { to: 'own', keep });

/** The rules of a module's events: one for every event type of its union `E`, and no other. */
export type LiveRules<E extends { type: string } = KnownEvent> = Readonly<Record<E['type'], LiveRule>>;

/** Types a module's rules by its events' union: the table does not compile until every event of `E` has a rule. */
export const liveRulesOf =
  <E extends { type: string }>() =>
  (rules: LiveRules<E>): LiveRules<E> =>
    rules;

/**
 * The rule of every event type, gathered from the manifests' `liveRules` (app.ts gives them to the live feed).
 * Throws when two modules give a rule for one type.
 */
export function gatherLiveRules(manifests: readonly { name: string; liveRules?: Readonly<Record<string, LiveRule>> }[]): LiveRules {
  const rules: Record<string, LiveRule> = {};
  const by = new Map<string, string>();
  for (const manifest of manifests) {
    for (const [type, liveRule] of Object.entries(manifest.liveRules ?? {})) {
      const other = by.get(type);
      if (other) throw new Error(`Event ${type} has a live rule in both ${other} and ${manifest.name}`);
      by.set(type, manifest.name);
      rules[type] = liveRule;
    }
  }
  return rules as LiveRules;
}

export interface LiveViewer {
  role: Role;
  userId: string;
}

/** What the rule of `type` gives `viewer`: `undefined` (not sent) or the role's rule and whether the viewer is the subject. */
function ruleFor(rules: Readonly<Record<string, LiveRule>>, type: string, data: unknown, viewer: LiveViewer): RoleRule | undefined {
  // A type without a rule is sent to nobody: a gap closes, it never leaks.
  if (!Object.hasOwn(rules, type)) return undefined;
  const eventRule = ruleOfEvent(rules[type], data);
  const roleRule = eventRule.roles[viewer.role];
  if (roleRule.to === 'none') return undefined;
  if (roleRule.to === 'own') {
    const subject = (data as Record<string, unknown> | null)?.[eventRule.subject ?? 'userId'];
    if (subject !== viewer.userId) return undefined;
  }
  return roleRule;
}

/**
 * The payload `viewer` may receive of an event, or `undefined` when the event is not for them.
 * `key` names the view: viewers with the same key receive the same payload (one serialisation).
 */
export function liveView(rules: LiveRules, type: string, data: unknown, viewer: LiveViewer): { key: string; data: unknown } | undefined {
  const roleRule = ruleFor(rules, type, data, viewer);
  if (!roleRule) return undefined;
  const key = `${viewer.role}:${roleRule.to}`;
  return { key, data: roleRule.keep ? pick(data, roleRule.keep) : data };
}

/** Only the listed (dotted) paths of `data`. */
function pick(data: unknown, paths: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split('.');
    let from = data as Record<string, unknown> | undefined;
    let into = result;
    for (const [index, part] of parts.entries()) {
      if (from === null || typeof from !== 'object' || !Object.hasOwn(from, part)) break;
      if (index === parts.length - 1) {
        into[part] = from[part];
      } else {
        into = (into[part] ??= {}) as Record<string, unknown>;
        from = from[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}
