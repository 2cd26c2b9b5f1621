// `npm run simulate [-- http://localhost:3000]`: keeps the demo company's orders moving through
// the stations over HTTP, as its operators and administrator would, at a gentle pace until Ctrl-C.
// Sign-in details default to the demo users (docs/identity.md); override with SIMULATE_ADMIN,
// SIMULATE_ADMIN_PASSWORD, SIMULATE_OPERATORS (user:password,user:password) and SIMULATE_STEP_MS.
import { demoUsers } from '../src/server/seed.js';

const baseUrl = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const stepMs = Number(process.env.SIMULATE_STEP_MS ?? 1500);
/** Production orders the line should hold; below it the administrator starts another customer order. */
const wantedInProduction = 6;

interface Login {
  login: string;
  password: string;
}
const demoLogin = (role: string, index = 0): Login => {
  const user = demoUsers.filter((u) => u.role === role)[index];
  return { login: user.email ?? user.username ?? '', password: user.password };
};
const adminLogin: Login = process.env.SIMULATE_ADMIN
  ? { login: process.env.SIMULATE_ADMIN, password: process.env.SIMULATE_ADMIN_PASSWORD ?? '' }
  : demoLogin('ADMIN');
const operatorLogins: Login[] = process.env.SIMULATE_OPERATORS
  ? process.env.SIMULATE_OPERATORS.split(',').map((pair) => {
      const [login, ...rest] = pair.split(':');
      return { login, password: rest.join(':') };
    })
  : [demoLogin('OPERATOR', 0), demoLogin('OPERATOR', 1)];

const say = (line: string) => process.stdout.write(`${new Date().toLocaleTimeString()}  ${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, token?: string, body?: object): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new HttpError(res.status, error?.code ?? 'UNKNOWN_ERROR', `${method} ${path}: ${res.status} ${error?.code ?? ''} ${error?.message ?? ''}`);
  }
  return json as T;
}

interface Order {
  id: string;
  orderNumber: string;
  kind: string;
  status: string;
  version: number;
  stationId: string | null;
  stationName: string | null;
  workStartedAt: string | null;
  arrivedAt: string | null;
}
interface Station {
  id: string;
  name: string;
  incomingGoodsCheckIn: boolean;
}

/** One operator on the floor: signed in at one station at a time (a station login per change of station). */
interface Operator extends Login {
  token?: string;
  stationId?: string;
}

const operators: Operator[] = operatorLogins.map((login) => ({ ...login }));
let adminToken = '';
let line: string[] = [];
let stations: Station[] = [];
const moved = { started: 0, completed: 0, created: 0, shipped: 0, checkedIn: 0, conflicts: 0 };

async function signInAdmin() {
  adminToken = (
    await call<{ access_token: string }>('POST', '/auth/authenticate', undefined, { usernameOrEmail: adminLogin.login, password: adminLogin.password })
  ).access_token;
}

async function loadLine() {
  line = (await call<{ stationIds: string[] }>('GET', '/stations/sequence', adminToken)).stationIds;
  stations = (await call<{ data: Station[] }>('GET', '/stations?limit=100', adminToken)).data;
  if (line.length === 0) throw new Error('The company has no saved station sequence: save one (or start the server with the demo seed).');
}

const nameOf = (stationId: string) => stations.find((s) => s.id === stationId)?.name ?? stationId;

/** The operator who looks after a station: the line is shared out in turn. */
const operatorFor = (stationId: string) => operators[Math.max(0, line.indexOf(stationId)) % operators.length];

async function signInAt(operator: Operator, stationId: string): Promise<string> {
  if (operator.token && operator.stationId === stationId) return operator.token;
  const session = await call<{ access_token: string }>('POST', `/stations/${stationId}/login`, undefined, {
    username: operator.login,
    password: operator.password,
  });
  operator.token = session.access_token;
  operator.stationId = stationId;
  say(`${operator.login} signs in at ${nameOf(stationId)}`);
  return operator.token;
}

const listOrders = (query: string) => call<{ data: Order[] }>('GET', `/orders?${query}`, adminToken).then((page) => page.data);

/** Moves the production order that waited longest one step: start work, or complete it. */
async function moveOneProductionOrder(inProduction: Order[]): Promise<boolean> {
  const atStations = inProduction.filter((order) => order.stationId).sort((a, b) => Date.parse(a.arrivedAt ?? '') - Date.parse(b.arrivedAt ?? ''));
  const next = atStations[0];
  if (!next?.stationId) return false;
  const token = await signInAt(operatorFor(next.stationId), next.stationId);
  const action = next.workStartedAt ? 'complete-work' : 'start-work';
  // The simulator measures nothing: at a station that checks values, completing needs a reason.
  const reason = action === 'complete-work' ? { reason: 'Simulation: ohne Messung' } : {};
  await call('POST', `/orders/${next.id}/${action}`, token, { version: next.version, stationId: next.stationId, ...reason });
  if (action === 'start-work') moved.started++;
  else moved.completed++;
  say(`${operatorFor(next.stationId).login} ${action === 'start-work' ? 'starts work on' : 'completes'} ${next.orderNumber} at ${next.stationName}`);
  return true;
}

/** Keeps the line fed: a new customer order, straight into production. */
async function startAnotherCustomerOrder() {
  const products = (await call<{ data: { id: string; name: string; netPrice: number | null }[] }>('GET', '/materials?type=product&limit=100', adminToken)).data;
  if (products.length === 0) return;
  const product = products[Math.floor(Math.random() * products.length)];
  const deliveryDate = new Date(Date.now() + (3 + Math.floor(Math.random() * 20)) * 86_400_000).toISOString().slice(0, 10);
  const created = await call<Order>('POST', '/orders', adminToken, {
    kind: 'customer',
    name: ['Radhaus Schneider', 'Velo Weber', 'Kurierdienst Flink', 'Bike Shop Huber'][Math.floor(Math.random() * 4)],
    street: 'Industriestraße',
    houseNumber: String(1 + Math.floor(Math.random() * 90)),
    zip: '93047',
    place: 'Regensburg',
    workInProgress: 'Halle 2',
    deliveryDate,
    prioritize: Math.random() < 0.2,
    positions: [{ materialId: product.id, quantity: 1 + Math.floor(Math.random() * 5), netPrice: product.netPrice ?? 100 }],
  });
  await call('POST', `/orders/${created.id}/start-production`, adminToken, { version: created.version });
  moved.created++;
  say(`admin starts production of customer order ${created.orderNumber} (${product.name})`);
}

/** Ships one customer order that is ready, one step at a time, as dispatch would. */
async function shipOneOrder(): Promise<boolean> {
  const steps: Record<string, string> = { 'ready-to-ship': 'ready-to-dispatch', 'ready-for-dispatch': 'dispatch', dispatched: 'deliver', delivered: 'finish' };
  const ready = await listOrders(`kind=customer&status=${Object.keys(steps).join(',')}&sort=updatedAt&limit=1`);
  const order = ready[0];
  if (!order) return false;
  await call('POST', `/orders/${order.id}/${steps[order.status]}`, adminToken, { version: order.version });
  moved.shipped++;
  say(`admin: ${order.orderNumber} ${steps[order.status]}`);
  return true;
}

/** Checks in a purchase that was ordered, at the incoming-goods station. */
async function checkInOnePurchase(): Promise<boolean> {
  const goods = stations.find((s) => s.incomingGoodsCheckIn);
  const purchase = (await listOrders('kind=logistics&status=ordered&limit=1'))[0];
  if (!goods || !purchase) return false;
  const token = await signInAt(operators[0], goods.id);
  await call('POST', `/orders/${purchase.id}/check-in`, token, { version: purchase.version, stationId: goods.id });
  moved.checkedIn++;
  say(`${operators[0].login} checks in ${purchase.orderNumber} at ${goods.name}`);
  return true;
}

async function step(round: number) {
  const inProduction = await listOrders('kind=production&status=in-progress&limit=100&sort=updatedAt');
  if (inProduction.length < wantedInProduction && round % 3 === 0) await startAnotherCustomerOrder();
  else if (round % 7 === 0 && (await shipOneOrder())) return;
  else if (round % 11 === 0 && (await checkInOnePurchase())) return;
  else await moveOneProductionOrder(inProduction);
}

let running = true;
process.on('SIGINT', () => {
  running = false;
});

async function main() {
  say(`simulating at ${baseUrl} as ${adminLogin.login} and ${operators.map((o) => o.login).join(', ')}; Ctrl-C stops`);
  await signInAdmin();
  await loadLine();
  say(`line: ${line.map(nameOf).join(' > ')} > WIP`);
  for (let round = 0; running; round++) {
    try {
      await step(round);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'CONFLICT_ERROR') moved.conflicts++;
      else if (error instanceof HttpError && error.status === 401) await signInAdmin();
      else say(`skipped a step: ${error instanceof Error ? error.message : String(error)}`);
      // A station session may have ended (logout, another login): sign in again next time.
      for (const operator of operators) if (error instanceof HttpError && error.status === 403) operator.token = undefined;
      if (round % 20 === 0) await loadLine().catch(() => undefined);
    }
    await pause(stepMs);
  }
  say(`stopped: ${JSON.stringify(moved)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`simulate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
