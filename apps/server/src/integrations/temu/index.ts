import type { TemuConfig } from '../../config.ts';
import type { CallPolicy } from '../marketplace/http.ts';
import type { WebhookSender } from '../marketplace/sandbox-kit.ts';
import { TemuAdapter } from './temu-adapter.ts';
import { TemuSandbox } from './temu-sandbox.ts';

export {
  TemuAdapter,
  TEMU_SLOTS,
  TEMU_TYPES,
  type TemuAdapterOptions,
  type TemuSlot,
} from './temu-adapter.ts';
export { TemuSandbox, TEMU_GATEWAYS, type TemuGateway, type TemuSandboxOptions } from './temu-sandbox.ts';
export * from './temu-sign.ts';
export { readTemuEnvelope, temuErrorKind, TEMU_OK } from './temu-errors.ts';

/** The adapter the configuration describes: Temu's routers, or the local sandbox's. */
export function temuAdapterFor(config: TemuConfig, policy: CallPolicy): TemuAdapter {
  return new TemuAdapter({
    appKey: config.appKey,
    appSecret: config.appSecret,
    gateways: config.gateways,
    authorizeUrls: config.authorizeUrls,
    redirectUrl: config.redirectUrl,
    sandbox: config.sandbox,
    policy,
  });
}

export function temuSandboxFor(config: TemuConfig, sendWebhook?: WebhookSender): TemuSandbox {
  return new TemuSandbox({
    appKey: config.appKey,
    appSecret: config.appSecret,
    redirectUrl: config.redirectUrl,
    webhookUrl: config.webhookUrl,
    ...(sendWebhook ? { sendWebhook } : {}),
  });
}
