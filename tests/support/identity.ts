import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Plan } from '../../src/domain/company/company.schema.js';
import { defaultAdminChangeRights, type ChangeRight } from '../../src/domain/team/rights.js';
import { createMasterUser, provisionCompany } from '../../src/server/modules/identity/index.js';
import { saveUserRights, userRightsMatrix } from '../../src/server/modules/team/index.js';
import { runInTenant, type CommandDeps } from '../../src/server/platform/command.js';
import type { TestApp } from './app.js';

/** A message as a real SMTP server on loopback received it, decoded to its plain text and HTML. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header as sent (`<jobId@shopfloor-console>`). */
  messageId: string;
}

export interface Mailbox {
  /** SMTP_URL for createTestApp. */
  url: string;
  messages: ReceivedMail[];
  /** Messages received in full but not yet accepted (only with `acceptAfterMs` or `holdWhile`). */
  holding(): number;
  /** Waits for a message that matches (by default the first one) and hands it over; fails after a generous wait. */
  waitFor(match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Plain text and HTML of a (possibly multipart) entity. */
function partsOf(raw: string): { text: string; html: string } {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const found = { text: '', html: '' };
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = partsOf(part.replace(/^\r?\n/, ''));
      found.text ||= inner.text;
      found.html ||= inner.html;
    }
    return found;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '');
  return /text\/html/i.test(type) ? { text: '', html: decoded } : { text: decoded, html: '' };
}

/** A real SMTP server on 127.0.0.1, port 0, that keeps what it receives. */
export async function startMailbox(
  options: {
    acceptAfterMs?: number;
    refuses?: (address: string) => boolean;
    /** Holds each message received in full while this answers true (a server that takes its time), then accepts it. */
    holdWhile?: () => boolean;
  } = {},
): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  let holding = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A recipient the server refuses (550): the mail fails for good, without retries.
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const { headers } = splitEntity(raw);
        const accept = () => {
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: decodeHeader(headers.subject ?? ''),
            messageId: headers['message-id'] ?? '',
            ...partsOf(raw),
          });
          callback();
        };
        if (!options.acceptAfterMs && !options.holdWhile?.()) return accept();
        // A slow server: it has the whole message and takes a while to commit it, then keeps it even
        // if the client has gone meanwhile (as an MTA that queued it before its reply could be sent).
        holding += 1;
        const later = () => {
          if (options.holdWhile?.()) return setTimeout(later, 50);
          holding -= 1;
          accept();
        };
        setTimeout(later, options.acceptAfterMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    holding: () => holding,
    async waitFor(match = () => true) {
      for (let waited = 0; waited < 15_000; waited += 25) {
        const mail = messages.find(match);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No matching mail arrived; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail to one address (and optionally with a subject), newest match first. */
export const mailTo = (address: string, subject?: RegExp) => (mail: ReceivedMail) =>
  mail.to.includes(address.toLowerCase()) && (!subject || subject.test(mail.subject));

/** The 6-digit code of a verification mail. */
export function codeIn(mail: ReceivedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in mail: ${mail.text}`);
  return code;
}

/** The token of a link to `page` (`/reset-password`, `/set-admin-password`) in a mail. */
export function linkTokenIn(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`${page}\\?token=([\\w%-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${page} link in mail: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

export const identityOf = (t: TestApp): CommandDeps => t.app;

/** Requests as the holder of `token` (none: anonymous). */
export function clientOf(t: TestApp, token?: string) {
  const send = (options: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    send,
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload?: object) => send({ method: 'POST', url, ...(payload ? { payload } : {}) }),
    put: (url: string, payload: object) => send({ method: 'PUT', url, payload }),
    delete: (url: string) => send({ method: 'DELETE', url }),
  };
}
export type Client = ReturnType<typeof clientOf>;

/** Saves the company's time zone in its working time (basic settings), as its owner does on the company screen. */
export async function saveCompanyTimeZone(superUser: Client, timeZone: string): Promise<void> {
  await saveWorkingTime(superUser, { ...(await workingTimeOf(superUser)), timeZone });
}

/**
 * Runs `work` while the company's working time says `timeZone`, then puts the working time back as it was, also
 * when `work` fails (whose error is then the one reported).
 */
export async function withCompanyTimeZone<T>(superUser: Client, timeZone: string, work: () => Promise<T>): Promise<T> {
  const workingTime = await workingTimeOf(superUser);
  await saveWorkingTime(superUser, { ...workingTime, timeZone });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await saveWorkingTime(superUser, workingTime).catch(() => undefined);
    throw error;
  }
  await saveWorkingTime(superUser, workingTime);
  return result;
}

const workingTimeOf = async (superUser: Client): Promise<object> => (await superUser.get('/api/company-account/basic-settings')).json().workingTime;

async function saveWorkingTime(superUser: Client, workingTime: object): Promise<void> {
  const current = (await superUser.get('/api/company-account/basic-settings')).json();
  const saved = await superUser.put('/api/company-account/updateBasicSettings', { ...current, workingTime });
  if (saved.statusCode !== 200) throw new Error(`saving the working time failed ${saved.statusCode}: ${saved.body}`);
}

/** Signs in through the API; fails the test when refused. `remoteAddress` keeps throttles of tests apart. */
export async function signIn(t: TestApp, usernameOrEmail: string, password: string, remoteAddress?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${usernameOrEmail} failed ${res.statusCode}: ${res.body}`);
  return res.json() as { access_token: string; userId: string; role: string; company: string | null };
}

export const testPassword = 'Fraese#2026';
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface TeamMember {
  id: string;
  /** Email, or the username of an operator. */
  login: string;
  password: string;
  token: string;
}

export interface TestCompany {
  companyId: string;
  companyName: string;
  superUser: TeamMember;
  admin: TeamMember;
  operator: TeamMember;
}

/**
 * A company with a signed-in super user, administration user and operator, created through the
 * identity module (no sign-up mails). Plan `standard` unless told otherwise.
 */
export async function companyWithTeam(
  t: TestApp,
  options: { companyName?: string; plan?: Plan; trialEndsAt?: Date | null; adminChangeRights?: readonly ChangeRight[] } = {},
): Promise<TestCompany> {
  const tag = unique();
  const companyName = options.companyName ?? `Werkstatt ${tag}`;
  const logins = { superUser: `owner-${tag}@example.com`, admin: `admin-${tag}@example.com`, operator: `op${tag}` };
  const { companyId, userIds } = await provisionCompany(identityOf(t), {
    companyName,
    plan: options.plan ?? 'standard',
    trialEndsAt: options.trialEndsAt ?? null,
    users: [
      { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: logins.superUser, password: testPassword },
      { role: 'ADMIN', firstName: 'Ali', lastName: 'Demir', email: logins.admin, password: testPassword },
      { role: 'OPERATOR', firstName: 'Olga', lastName: 'Berg', username: logins.operator, password: testPassword },
    ],
  });
  const member = async (index: number, login: string): Promise<TeamMember> => ({
    id: userIds[index],
    login,
    password: testPassword,
    token: (await signIn(t, login, testPassword)).access_token,
  });
  const superUser = await member(0, logins.superUser);
  const admin = await member(1, logins.admin);
  await grantChangeRights(t, companyId, superUser.id, admin.id, options.adminChangeRights ?? adminChangeRightsInTests);
  return { companyId, companyName, superUser, admin, operator: await member(2, logins.operator) };
}

/**
 * The change rights the administration user of `companyWithTeam` holds: the defaults of a new
 * admin and `team` (so tests of the team screens act as an admin), not the company settings.
 */
export const adminChangeRightsInTests: readonly ChangeRight[] = [...defaultAdminChangeRights, 'team'];

/** Sets exactly these change rights of one user, as the owner (`ownerId`) saves the user-rights matrix (also for a read-only company). */
export async function grantChangeRights(t: TestApp, companyId: string, ownerId: string, userId: string, rights: readonly ChangeRight[]) {
  await runInTenant(identityOf(t), { companyId, actor: { userId: ownerId, role: 'SUPER_USER' }, metadata: {} }, async (ctx) => {
    const matrix = await userRightsMatrix(ctx.tx, t.app.eventStore, companyId);
    const users = matrix.users.map((row) => ({
      userId: row.userId,
      stationIds: row.stationIds,
      changeRights: row.userId === userId ? [...rights] : row.changeRights,
    }));
    await saveUserRights(ctx, { version: matrix.version, users });
  });
}

/** The product operator, signed in without a company. */
export async function signedInMaster(t: TestApp): Promise<TeamMember> {
  const login = `master-${unique()}@example.com`;
  const id = await createMasterUser(identityOf(t), { email: login, password: testPassword });
  return { id, login, password: testPassword, token: (await signIn(t, login, testPassword)).access_token };
}

/** A PNG the logo upload takes by its bytes (2 x 2 pixels). */
export const testLogoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads `png` as the company logo of the super user holding `token` (PUT /api/company-account/logo, multipart). */
export function uploadCompanyLogo(t: TestApp, token: string, png: Buffer = testLogoPng) {
  const boundary = '----company-logo-boundary';
  return t.app.inject({
    method: 'PUT',
    url: '/api/company-account/logo',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
