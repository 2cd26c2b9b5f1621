import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobServices } from '../../../src/server/jobs.js';
import { loadConfig } from '../../../src/server/platform/config.js';
import { createEventStore } from '../../../src/server/platform/event-store.js';
import { createJobQueue } from '../../../src/server/platform/jobs-queue.js';
import type { JobQueue, JobWorkers } from '../../../src/server/platform/jobs.js';
import { createMailer, testMessageTemplate } from '../../../src/server/platform/mailer.js';
import { createSendEmailJob, type SendEmailData } from '../../../src/server/platform/send-email.jobs.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { companyWithTeam, signedInMaster } from '../../support/identity.js';
import { quietLog, waitForJob } from './jobs-support.js';

interface ReceivedMail {
  recipients: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** Just enough MIME for nodemailer's output: headers, one multipart/alternative, QP or base64 parts. */
function parseMail(raw: string, recipients: string[]): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const header = (name: string, block = head) =>
    new RegExp(`^${name}:\\s*([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(block)?.[1].replace(/\r?\n[ \t]/g, ' ') ?? '';
  const decodeWords = (value: string) =>
    value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const decodePart = (part: string) => {
    const [partHead, ...partBody] = part.split(/\r?\n\r?\n/);
    const content = partBody.join('\r\n\r\n');
    const encoding = header('Content-Transfer-Encoding', partHead).toLowerCase();
    if (encoding === 'base64') return Buffer.from(content, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return content;
  };
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header('Content-Type'))?.[1] ?? '';
  const parts = body.split(`--${boundary}`).slice(1, -1);
  const partOf = (type: string) => parts.find((part) => header('Content-Type', part.split(/\r?\n\r?\n/)[0]).startsWith(type)) ?? '';
  return {
    recipients,
    subject: decodeWords(header('Subject')),
    text: decodePart(partOf('text/plain').replace(/^\r?\n/, '')),
    html: decodePart(partOf('text/html').replace(/^\r?\n/, '')),
    messageId: header('Message-ID'),
  };
}

describe('email over SMTP', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let testDb: TestDatabase;
  let queue: JobQueue;
  let workers: JobWorkers;
  let services: ReturnType<typeof createJobServices>;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) {
          callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(
            parseMail(
              Buffer.concat(chunks).toString('utf8'),
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;

    testDb = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: testDb.url,
      LOG_LEVEL: 'silent',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'Shopfloor Console <no-reply@shopfloor.test>',
      PUBLIC_URL: 'https://console.shopfloor.test',
    });
    services = createJobServices({ config, database: testDb.database, eventStore: createEventStore(), log: quietLog });
    queue = createJobQueue({ retry: { attempts: 3, backoffMs: 20 } });
    workers = queue.startWorkers([createSendEmailJob([testMessageTemplate])], services);
  });

  afterAll(async () => {
    await workers?.close();
    await queue?.close();
    await services?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    await testDb?.drop();
  });

  const send = async (data: SendEmailData) => {
    const jobId = `mail-${randomUUID()}`;
    await queue.add('email', 'send-email', data, { jobId });
    return waitForJob(queue, 'email', jobId, ['completed', 'failed']);
  };

  it('delivers the message in English', async () => {
    const job = await send({ to: 'ada@example.com', template: 'test-message', locale: 'en', params: {} });
    expect(job.state).toBe('completed');
    const mail = received.find((m) => m.recipients.includes('ada@example.com'));
    expect(mail?.subject).toBe('Test message from Shopfloor Console');
    expect(mail?.text).toContain('This message confirms that email delivery works.');
    expect(mail?.html).toContain('<html lang="en">');
    expect(mail?.messageId).toBe(`<${job.id}@shopfloor-console>`);
  });

  it('delivers the message in German, with umlauts intact and the note escaped in HTML', async () => {
    const job = await send({ to: 'grete@example.com', template: 'test-message', locale: 'de', params: { note: 'Größe <42> & mehr' } });
    expect(job.state).toBe('completed');
    const mail = received.find((m) => m.recipients.includes('grete@example.com'));
    expect(mail?.subject).toBe('Testnachricht von Shopfloor Console');
    expect(mail?.text).toContain('Diese Nachricht bestätigt, dass der E-Mail-Versand funktioniert.');
    expect(mail?.text).toContain('Größe <42> & mehr');
    expect(mail?.html).toContain('<html lang="de">');
    expect(mail?.html).toContain('Größe &lt;42&gt; &amp; mehr');
  });

  it('does not send again a message the mail server already accepted (a job retried after a worker crash)', async () => {
    const mailer = services.mailer;
    const email = { to: 'retry@example.com', subject: 'Once only', text: 'once', html: '<p>once</p>', messageId: `<crash-${randomUUID()}@shopfloor-console>` };
    await mailer.send(email);
    await mailer.send(email);
    expect(received.filter((mail) => mail.subject === 'Once only')).toHaveLength(1);
    const other = { ...email, messageId: `<crash-${randomUUID()}@shopfloor-console>` };
    await mailer.send(other);
    expect(received.filter((mail) => mail.subject === 'Once only')).toHaveLength(2);
  });

  it('fails at once, without retries, when the mail server refuses the recipient', async () => {
    const job = await send({ to: 'nobody@example.com', template: 'test-message', locale: 'en', params: {} });
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1 });
    expect(job.failedReason).toMatch(/refused the message/);
  });

  it('fails an email whose template nobody registered', async () => {
    const job = await send({ to: 'ada@example.com', template: 'no-such-template', locale: 'en', params: {} });
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1, failedReason: 'No email template no-such-template is registered' });
  });

  it('fails an email whose params the template does not accept', async () => {
    const job = await send({ to: 'ada@example.com', template: 'test-message', locale: 'en', params: { note: 'x'.repeat(501) } });
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1 });
    expect(job.failedReason).toMatch(/Params of email test-message are not valid/);
  });

  it('fails an email in a language the product does not speak', async () => {
    const job = await send({ to: 'ada@example.com', template: 'test-message', locale: 'fr' as 'en', params: {} });
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1 });
  });

  it('retries while the mail server cannot be reached, and keeps the job as failed after the last attempt', async () => {
    const unreachable = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com', db: testDb.database.db, log: quietLog, production: false });
    const otherQueue = createJobQueue({ retry: { attempts: 2, backoffMs: 20 } });
    const otherWorkers = otherQueue.startWorkers([createSendEmailJob([testMessageTemplate])], { ...services, mailer: unreachable });
    try {
      await otherQueue.add('email', 'send-email', { to: 'ada@example.com', template: 'test-message', locale: 'en', params: {} }, { jobId: 'unreachable' });
      const job = await waitForJob(otherQueue, 'email', 'unreachable', ['completed', 'failed']);
      expect(job).toMatchObject({ state: 'failed', attemptsMade: 2 });
      expect(job.failedReason).toMatch(/ECONNREFUSED/);
    } finally {
      await otherWorkers.close();
      await otherQueue.close();
    }
  });
});

describe('the dev mailbox (no SMTP_URL)', () => {
  let testApp: TestApp;
  let masterToken: string;
  const readMailbox = (query = '', token = masterToken) =>
    testApp.app.inject({ method: 'GET', url: `/api/dev/mailbox${query}`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    testApp = await createTestApp();
    masterToken = (await signedInMaster(testApp)).token;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const sendThroughServer = async (data: SendEmailData) => {
    const jobId = `mail-${randomUUID()}`;
    await testApp.app.jobQueue.add('email', 'send-email', data, { jobId });
    return waitForJob(testApp.app.jobQueue, 'email', jobId, ['completed', 'failed']);
  };

  it('keeps mail the server sends and lists it, newest first', async () => {
    expect((await sendThroughServer({ to: 'Mara@Example.com', template: 'test-message', locale: 'de', params: { note: 'erste' } })).state).toBe('completed');
    expect((await sendThroughServer({ to: 'mara@example.com', template: 'test-message', locale: 'en', params: { note: 'second' } })).state).toBe('completed');
    expect((await sendThroughServer({ to: 'olaf@example.com', template: 'test-message', locale: 'en', params: {} })).state).toBe('completed');

    const all = await readMailbox();
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(3);
    expect(all.json().data[0].to).toBe('olaf@example.com');

    const mara = await readMailbox('?to=MARA@example.com');
    const messages = mara.json().data;
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Test message from Shopfloor Console', 'Testnachricht von Shopfloor Console']);
    expect(messages[1]).toMatchObject({ to: 'Mara@Example.com', from: testApp.config.smtpFrom });
    expect(messages[1].text).toContain('erste');
    expect(messages[1].html).toContain('<html lang="de">');
    expect(Date.parse(messages[0].sentAt)).not.toBeNaN();
  });

  it('lists nothing for an address that got no mail', async () => {
    const response = await readMailbox('?to=nobody@example.com');
    expect(response.json()).toEqual({ data: [] });
  });

  it('stores a message sent twice (a retried job) once', async () => {
    const mailer = testApp.jobs.services.mailer;
    const email = { to: 'twice@example.com', subject: 'Once', text: 'once', html: '<p>once</p>', messageId: '<retry-1@shopfloor-console>' };
    await mailer.send(email);
    await mailer.send(email);
    const response = await readMailbox('?to=twice@example.com');
    expect(response.json().data).toHaveLength(1);
  });

  it('is read by the master user only (it holds the mail of every company, reset links included)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(401);
    const team = await companyWithTeam(testApp);
    for (const member of [team.superUser, team.admin, team.operator]) {
      const response = await readMailbox('', member.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a limit out of range', async () => {
    const response = await readMailbox('?limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('the dev mailbox with SMTP configured', () => {
  it('does not exist: mail leaves the machine, nothing is kept to read', async () => {
    const testApp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const master = await signedInMaster(testApp);
      const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { authorization: `Bearer ${master.token}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });
});

describe('the dev mailbox in production', () => {
  it('does not exist', async () => {
    const testApp = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    } finally {
      await testApp.close();
    }
  });
});
