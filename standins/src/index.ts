// Local stand-ins for our partners' APIs: dev (scripts/dev.sh starts their main.js), the
// cross-package tests and the server's client tests. Never imported by production code.
export { type BitlabsStandin, type BitlabsStandinOptions, type StandinClick, startBitlabsStandin } from './bitlabs/standin';
export {
  type StandinOrder,
  type StandinReward,
  type StandinWebhookDelivery,
  startTremendousStandin,
  type TremendousStandin,
  type TremendousStandinOptions,
} from './tremendous/standin';
export { signWebhookBody } from './tremendous/webhook-signature';
