import { machineLimits, type MachineFormat, type StopReason } from './machines.schema.js';

/**
 * One message of a machine, as read from its payload (docs/integration.md, the formats):
 * pieces since the last message (`delta`), the machine's running total (`counter`), or its state.
 */
export type MachineMessage =
  | { kind: 'delta'; good: number; scrap: number; messageId: string | null }
  | { kind: 'counter'; total: number; messageId: string | null }
  | { kind: 'stopped'; code: string; messageId: string | null }
  | { kind: 'running'; messageId: string | null };

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= machineLimits.count;

const messageIdOf = (value: unknown): string | null | undefined => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined;
};

/** A JSON object of the json format, or null when it is none of the documented shapes. */
function jsonMessageOf(body: Record<string, unknown>): MachineMessage | null {
  const messageId = messageIdOf(body.id);
  if (messageId === undefined) return null;
  if (body.state === 'running') return { kind: 'running', messageId };
  if (body.state === 'stopped') {
    const code = typeof body.code === 'string' || typeof body.code === 'number' ? String(body.code).trim() : '';
    return code.length <= machineLimits.code ? { kind: 'stopped', code, messageId } : null;
  }
  if (body.state !== undefined) return null;
  if (body.counter !== undefined) return isCount(body.counter) ? { kind: 'counter', total: body.counter, messageId } : null;
  const good = body.good ?? 0;
  const scrap = body.scrap ?? 0;
  if (body.good === undefined && body.scrap === undefined) return null;
  return isCount(good) && isCount(scrap) ? { kind: 'delta', good, scrap, messageId } : null;
}

/**
 * Reads a payload in the station's format; null for anything else (the message is dropped).
 * `counter`: a plain non-negative integer, the running total. `json`: `{"good":n,"scrap":n}` (pieces
 * since the last message), `{"counter":n}` (the running total), `{"state":"stopped","code":"E12"}`,
 * `{"state":"running"}`; each may carry an `"id"` against duplicates. A json station also takes a plain integer.
 */
export function parseMachineMessage(format: MachineFormat, payload: string): MachineMessage | null {
  const text = payload.trim();
  if (/^\d{1,10}$/.test(text)) {
    const total = Number(text);
    return isCount(total) ? { kind: 'counter', total, messageId: null } : null;
  }
  if (format === 'counter' || !text.startsWith('{')) return null;
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? jsonMessageOf(body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Good pieces a counter's new total stands for, given the last total seen: the difference; none
 * for the first total (it is the baseline) or the same one again (a duplicate); the new total itself
 * when it went down (the machine's counter was reset: a new run counted from zero, never a negative).
 */
export function piecesOfCounter(lastTotal: number | null, total: number): number {
  if (lastTotal === null) return 0;
  return total >= lastTotal ? total - lastTotal : total;
}

/** Message ids seen lately, with when (epoch ms): what `isDuplicate` reads and `rememberMessage` keeps. */
export type SeenMessages = ReadonlyMap<string, number>;

/** Whether a message with this id was seen within the duplicate window before `at` (epoch ms). Messages without an id never are. */
export function isDuplicate(seen: SeenMessages, messageId: string | null, at: number): boolean {
  if (messageId === null) return false;
  const before = seen.get(messageId);
  return before !== undefined && at - before < machineLimits.duplicateWindowSeconds * 1000;
}

/** The ids seen, with this one at `at` and those older than the window gone. */
export function rememberMessage(seen: SeenMessages, messageId: string | null, at: number): Map<string, number> {
  const kept = new Map([...seen].filter(([, when]) => at - when < machineLimits.duplicateWindowSeconds * 1000));
  if (messageId !== null) kept.set(messageId, at);
  return kept;
}

/**
 * The pieces one report may carry: never more than the order has open at the station (good first,
 * then scrap); what the machine counted beyond that is not reported.
 */
export function piecesToReport(open: number, good: number, scrap: number): { good: number; scrap: number } {
  const reportedGood = Math.min(good, open);
  return { good: reportedGood, scrap: Math.min(scrap, open - reportedGood) };
}

/** The interruption reason of a stop code: its row of the mapping table (codes compared without case), else the default. */
export function reasonOfStopCode(stopReasons: readonly StopReason[], defaultReasonId: string | null, code: string): string | null {
  const wanted = code.trim().toLocaleLowerCase();
  return stopReasons.find((row) => row.code.trim().toLocaleLowerCase() === wanted)?.reasonId ?? defaultReasonId;
}

/** A topic a station can be linked to: no wildcards, not a broker's own (`$SYS/...`), no empty level at either end. */
export const topicIsLinkable = (topic: string): boolean => !/[+#]/.test(topic) && !topic.startsWith('$') && !topic.startsWith('/') && !topic.endsWith('/');

/** Codes given twice in one mapping table (compared as `reasonOfStopCode` does): their positions. */
export function repeatedStopCodes(stopReasons: readonly StopReason[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  stopReasons.forEach((row, index) => {
    const code = row.code.trim().toLocaleLowerCase();
    if (seen.has(code)) repeated.push(index);
    seen.add(code);
  });
  return repeated;
}

const privateIpv4 = [/^10\./, /^127\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^0\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/** Whether a broker's host names this machine or a private network by itself (no name is resolved). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  if (privateIpv4.some((range) => range.test(host))) return true;
  return host === '::1' || host === '::' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host) || host.startsWith('::ffff:');
}

/**
 * What is wrong with a broker URL, as a message key, or null: only `mqtt://` and `mqtts://` with a
 * host, no credentials in the URL (they have their fields), and in production no private host.
 */
export function brokerUrlProblem(url: string, production: boolean): string | null {
  // scheme://[userinfo@]host[:port][/path]: parsed here, the domain has no URL class.
  const parts = /^(mqtts?):\/\/(?:([^@/?#]*)@)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?(?:\/[^\s]*)?$/.exec(url.trim());
  if (!parts) return 'machines.validation.brokerUrl';
  const [, , userinfo, host, port] = parts;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'machines.validation.brokerUrl';
  if (userinfo !== undefined) return 'machines.validation.brokerUrlCredentials';
  if (production && isPrivateHost(host)) return 'machines.validation.privateBroker';
  return null;
}
