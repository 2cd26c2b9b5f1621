import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';
import { createTestApp, type TestApp } from '../../support/app.js';

export { clientOf, companyWithTeam, type Client, type TestCompany };

/** The whole server with a fresh database and a data folder of its own. */
export const materialsTestApp = (env: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}) => createTestApp(env, options);

/** The product operator signed in and switched to act as `companyId`, as the company selector does. */
export async function masterActingFor(t: TestApp, companyId: string): Promise<string> {
  const master = await signedInMaster(t);
  const switched = await clientOf(t, master.token).post(`/api/auth/regenerate-jwt/${companyId}`, {});
  if (switched.statusCode !== 200) throw new Error(`company switch failed: ${switched.body}`);
  return switched.json().access_token as string;
}

/** The product operator signed in without a company. */
export const masterWithoutCompany = async (t: TestApp) => (await signedInMaster(t)).token;

/** A valid product; tests override what they examine. */
export const product = (overrides: Record<string, unknown> = {}) => ({
  type: 'product',
  name: 'City bike',
  materialNumber: 'P-1000',
  vat: 19,
  stock: { quantity: 3, unit: 'pcs' },
  ...overrides,
});

export const purchasingPart = (overrides: Record<string, unknown> = {}) => ({
  type: 'purchasing_part',
  name: 'Screw M5',
  materialNumber: 'K-5',
  netPrice: 0.05,
  vat: 19,
  stock: { quantity: 5000, unit: 'pcs' },
  ...overrides,
});

/** Creates a material and answers its body; fails the test when refused. */
export async function create(client: Client, body: object): Promise<{ id: string; version: number } & Record<string, unknown>> {
  const res = await client.post('/api/materials', body);
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A multipart/form-data body with one file part. */
export function multipartFile(bytes: Buffer, fileName: string, contentType: string, field = 'image') {
  const boundary = `----materials${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]);
