import type { CompanyFunction } from '../../domain/company/company.schema';
import { lazyPage, type LazyPage } from './lazy-page';

/** Every screen of spec section 2; the id is also its key in `locales/<lang>/screens.json`. */
export type ScreenId =
  | 'home'
  | 'material'
  | 'addMaterial'
  | 'editMaterial'
  | 'importData'
  | 'station'
  | 'addStation'
  | 'editStation'
  | 'stationLogin'
  | 'stationWork'
  | 'order'
  | 'addOrder'
  | 'editOrder'
  | 'orderDetails'
  | 'orderHistory'
  | 'advertisement'
  | 'logisticOrder'
  | 'shipment'
  | 'addShipmentOrder'
  | 'carriers'
  | 'tracking'
  | 'team'
  | 'viewEmployees'
  | 'administrationUser'
  | 'operationUser'
  | 'masterData'
  | 'userRights'
  | 'employeeProfile'
  | 'company'
  | 'keyFigures'
  | 'customers'
  | 'editCustomer'
  | 'clients'
  | 'addClient'
  | 'editClient'
  | 'suggestions'
  | 'workTimes'
  | 'plan'
  | 'ncrs'
  | 'ncrDetails'
  | 'lots'
  | 'lotReceipt'
  | 'lotDetails'
  | 'costs'
  | 'devMailbox'
  | 'registration'
  | 'emailVerificationCode'
  | 'login'
  | 'forgotPassword'
  | 'surveyForm'
  | 'changePassword'
  | 'resetPassword'
  | 'setAdminPassword'
  | 'invalidToken';

/** protected: signed-in users (else /login); master: the master user only (others go to /home); public: anyone. */
export type Access = 'protected' | 'master' | 'public';

export interface ScreenPageProps {
  screen: ScreenId;
}

export interface ScreenRoute {
  /** A wouter pattern; `:id?` lets edit screens take the record in the path. */
  path: string;
  screen: ScreenId;
  access: Access;
  page: LazyPage<ScreenPageProps>;
  /** The optional function of the company the screen belongs to: switched off (App function), the screen is not found. */
  function?: CompanyFunction;
  /** `public`: the page reads only the public texts (lib/i18n.ts, publicTexts), so it starts without the console's texts. */
  texts?: 'public';
}

// Screens whose feature is not built yet share one page that names them; a feature replaces
// its entry's `page` with its own lazyPage(() => import('../features/<name>/...')).
const pendingScreen = lazyPage(() => import('./pages/pending-screen'));
const publicPage = lazyPage(() => import('./pages/public-page'));
const authPage = lazyPage(() => import('./pages/auth-page'));
const customersPage = lazyPage(() => import('./pages/customers-page'));
const companyPage = lazyPage(() => import('./pages/company-page'));
const keyFiguresPage = lazyPage(() => import('./pages/key-figures-page'));
const teamUsersPage = lazyPage(() => import('./pages/team-users-page'));
const teamOverviewPage = lazyPage(() => import('./pages/team-overview-page'));
const teamProfilePage = lazyPage(() => import('./pages/team-profile-page'));
const materialsPage = lazyPage(() => import('./pages/materials-page'));
const stationsPage = lazyPage(() => import('./pages/stations-page'));
const stationLoginPage = lazyPage(() => import('./pages/station-login-page'));
const stationWorkPage = lazyPage(() => import('./pages/station-work-page'));
const homePage = lazyPage(() => import('./pages/home-page'));
const ordersPage = lazyPage(() => import('./pages/orders-page'));
const advertisementPage = lazyPage(() => import('./pages/advertisement-page'));
const shipmentsPage = lazyPage(() => import('./pages/shipments-page'));
const trackingPage = lazyPage(() => import('./pages/tracking-page'));
const devMailboxPage = lazyPage(() => import('./pages/dev-mailbox-page'));
const suggestionsPage = lazyPage(() => import('./pages/suggestions-page'));
const labourPage = lazyPage(() => import('./pages/labour-page'));
const planPage = lazyPage(() => import('./pages/plan-page'));
const qualityPage = lazyPage(() => import('./pages/quality-page'));
const lotsPage = lazyPage(() => import('./pages/lots-page'));
const costsPage = lazyPage(() => import('./pages/costs-page'));

const inside = (path: string, screen: ScreenId, access: 'protected' | 'master' = 'protected', page = pendingScreen): ScreenRoute => ({
  path,
  screen,
  access,
  page,
});
const outside = (path: string, screen: ScreenId, page = publicPage): ScreenRoute => ({
  path,
  screen,
  access: 'public',
  page,
  ...(page === authPage || page === publicPage ? { texts: 'public' as const } : {}),
});

/** The screens inside the layout (sidebar and header). */
export const layoutRoutes: ScreenRoute[] = [
  inside('/home', 'home', 'protected', homePage),
  inside('/material', 'material', 'protected', materialsPage),
  inside('/material/add-material', 'addMaterial', 'protected', materialsPage),
  inside('/material/edit-material/:id?', 'editMaterial', 'protected', materialsPage),
  inside('/material/import', 'importData', 'protected', materialsPage),
  inside('/station', 'station', 'protected', stationsPage),
  inside('/station/add-production-station', 'addStation', 'protected', stationsPage),
  inside('/station/edit-production-station/:id?', 'editStation', 'protected', stationsPage),
  inside('/order', 'order', 'protected', ordersPage),
  inside('/order/add-order', 'addOrder', 'protected', ordersPage),
  inside('/order/edit-order/:id?', 'editOrder', 'protected', ordersPage),
  inside('/order/details/:id?', 'orderDetails', 'protected', ordersPage),
  inside('/order/history/:id?', 'orderHistory', 'protected', ordersPage),
  inside('/order/logistic-order', 'logisticOrder', 'protected', ordersPage),
  inside('/order/shipment/:id?', 'shipment', 'protected', shipmentsPage),
  inside('/order/add-shipment-order/:id?', 'addShipmentOrder', 'protected', shipmentsPage),
  inside('/order/carriers', 'carriers', 'protected', shipmentsPage),
  // The company's customer directory (docs/clients.md), served by the orders' page: the customers orders are made
  // for, without one more page entry in the code every page downloads (the /login budget). "customers" below are
  // the master's customer accounts.
  inside('/clients', 'clients', 'protected', ordersPage),
  inside('/clients/add-client', 'addClient', 'protected', ordersPage),
  inside('/clients/edit-client/:id?', 'editClient', 'protected', ordersPage),
  inside('/team', 'team', 'protected', teamOverviewPage),
  inside('/team/view-employees', 'viewEmployees', 'protected', teamOverviewPage),
  inside('/team/administration-user', 'administrationUser', 'protected', teamUsersPage),
  inside('/team/operation-user', 'operationUser', 'protected', teamUsersPage),
  inside('/team/operation-user-page', 'operationUser', 'protected', teamUsersPage),
  inside('/team/master-data', 'masterData', 'protected', teamProfilePage),
  inside('/team/user-rights', 'userRights', 'protected', teamProfilePage),
  inside('/team/employee-profile/:id?', 'employeeProfile', 'protected', teamProfilePage),
  inside('/company', 'company', 'protected', companyPage),
  { path: '/key-figures', screen: 'keyFigures', access: 'protected', page: keyFiguresPage, function: 'keyFigures' },
  inside('/suggestions', 'suggestions', 'protected', suggestionsPage),
  // Not in the spec: labour time (issue 28, docs/labour-and-costs.md), reached from the header.
  inside('/work-times', 'workTimes', 'protected', labourPage),
  // Not in the spec: the capacity plan (issue 29, docs/capacity-plan.md).
  inside('/plan', 'plan', 'protected', planPage),
  // Not in the spec: the quality loop's NCRs (issue 30, docs/quality-and-lots.md), reached from the header and the station screen.
  inside('/quality', 'ncrs', 'protected', qualityPage),
  inside('/quality/ncr/:id?', 'ncrDetails', 'protected', qualityPage),
  // Not in the spec: lots and traceability (issue 30, docs/quality-and-lots.md), reached from the header.
  inside('/lots', 'lots', 'protected', lotsPage),
  inside('/lots/receive', 'lotReceipt', 'protected', lotsPage),
  inside('/lots/lot/:id?', 'lotDetails', 'protected', lotsPage),
  // Not in the spec: job costing (issue 28, docs/labour-and-costs.md, "Costs"), reached from the header with the `costs` right.
  inside('/costs', 'costs', 'protected', costsPage),
  inside('/customers', 'customers', 'master', customersPage),
  inside('/customer/edit-customer/:id?', 'editCustomer', 'master', customersPage),
  // Not in the spec: the product operator reads mail a server without SMTP kept (docs/jobs.md, Dev mailbox).
  inside('/dev-mailbox', 'devMailbox', 'master', devMailboxPage),
];

/** The pages without the layout, open to anyone. */
export const publicRoutes: ScreenRoute[] = [
  outside('/registration', 'registration', authPage),
  outside('/email-verification-code', 'emailVerificationCode', authPage),
  outside('/login', 'login', authPage),
  outside('/forgot-password', 'forgotPassword', authPage),
  outside('/survey-form', 'surveyForm', authPage),
  outside('/change-password', 'changePassword', authPage),
  outside('/reset-password', 'resetPassword', authPage),
  outside('/set-admin-password', 'setAdminPassword', authPage),
  outside('/invalid-token', 'invalidToken', authPage),
  // The end customer's shipment tracking, behind a link with a token (no sign-in).
  outside('/tracking/:token', 'tracking', trackingPage),
];

/** Full-screen displays without the layout, for signed-in users: the shop-floor board. */
export const displayRoutes: ScreenRoute[] = [
  { path: '/order/advertisement', screen: 'advertisement', access: 'protected', page: advertisementPage, function: 'shopFloorDisplay' },
];

/**
 * The screens of a station's tablet, full-screen without the layout. The login is open to anyone;
 * the station screen guards itself: anyone but the operator signed in at that station is sent to
 * the station's login rather than to /login.
 */
export const stationRoutes: ScreenRoute[] = [
  outside('/station/:id/login', 'stationLogin', stationLoginPage),
  { path: '/station/:id/work', screen: 'stationWork', access: 'protected', page: stationWorkPage },
];

// The sign-in and password screens' own files, as pages/auth-page.tsx imports them.
const authScreenFiles: Partial<Record<ScreenId, () => Promise<unknown>>> = {
  login: () => import('../features/auth/login-screen'),
  registration: () => import('../features/auth/registration-screen'),
  emailVerificationCode: () => import('../features/auth/email-verification-screen'),
  surveyForm: () => import('../features/auth/survey-screen'),
  forgotPassword: () => import('../features/auth/forgot-password-screen'),
  resetPassword: () => import('../features/auth/link-password-screen'),
  setAdminPassword: () => import('../features/auth/link-password-screen'),
  changePassword: () => import('../features/auth/change-password-screen'),
  invalidToken: () => import('../features/auth/invalid-token-screen'),
};

/**
 * The public screens that need none of the console's providers (app/console-providers.tsx: the query client,
 * react-aria's): the sign-in, the page a visitor opens first (docs/performance.md, Budgets). The others get them.
 */
export const consoleFreeScreens: ReadonlySet<ScreenId> = new Set<ScreenId>(['login']);

/** The signed-in frame (sidebar, header, company selector), loaded with the first screen inside it (app/router.tsx). */
export const loadLayout = () => import('./layout/layout');

/**
 * Starts the downloads of the page for the address the console opens on, beside the texts' (main.tsx),
 * instead of one after the other once the router renders: a public page and its auth screen; for a
 * signed-in user, the console's providers, the signed-in frame and the screen of the address; for a visitor
 * who is not signed in at an address of the frame, the sign-in the router leads to.
 */
export function preloadPage(path: string, signedIn: boolean): void {
  const route = publicRoutes.find((candidate) => candidate.path === path);
  if (route) {
    route.page.preload();
    void authScreenFiles[route.screen]?.().catch(() => undefined);
    if (!consoleFreeScreens.has(route.screen)) void import('./console-providers').catch(() => undefined);
    return;
  }
  if (!signedIn) {
    // Signed out inside the frame (a link from an email, an old bookmark): the router sends the visitor to sign in.
    if (path === '/' || layoutRoutes.some((candidate) => candidate.path === path)) preloadPage('/login', false);
    return;
  }
  void loadLayout().catch(() => undefined);
  void import('./console-providers').catch(() => undefined);
  layoutRoutes.find((candidate) => candidate.path === path)?.page.preload();
}
