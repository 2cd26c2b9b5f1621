import type { ClientEvent } from '../../../domain/clients/clients.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    clients: ClientEvent;
  }
}

/** Who of the company receives each event of clients on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const clientsLiveRules = liveRulesOf<ClientEvent>()({
  // clients: the customer directory (GET /api/clients: any user of the company)
  ClientAdded: everyone,
  ClientChanged: everyone,
  ClientRemoved: everyone,
});
