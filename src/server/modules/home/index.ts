import { defineModule } from '../../platform/module.js';
import { homeRoutes } from './home.routes.js';
import { homeLiveRules } from './home.live.js';

/**
 * The home screen's one read: the boards of the orders, key-figures and interruptions modules at
 * once (docs/performance.md, Lighthouse). It owns no table and no event; listed after the modules
 * it reads.
 */
export const homeModule = defineModule({
  name: 'home',
  requires: ['orderHoldsReader'],
  provides: {},
  plugin: async (app, { ports }) => {
    await app.register(async (scope) => homeRoutes(scope, { holdsOf: ports.orderHoldsReader }));
  },
  openApi: {
    tags: [{ name: 'home', description: "The home screen's boards in one read: the orders, the station board, the open interruptions, today's key figures." }],
  },
  liveTopics: [],
  liveRules: homeLiveRules,
});
