export { ApiKeysTab } from './api-keys-tab';
export { WebhooksTab } from './webhooks-tab';
