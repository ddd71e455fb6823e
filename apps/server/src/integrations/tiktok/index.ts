import type { TikTokConfig } from '../../config.ts';
import type { CallPolicy } from '../marketplace/http.ts';
import type { WebhookSender } from '../marketplace/sandbox-kit.ts';
import { TikTokAdapter } from './tiktok-adapter.ts';
import { TikTokSandbox } from './tiktok-sandbox.ts';

export { TikTokAdapter, toOrder as tiktokOrder, type TikTokAdapterOptions } from './tiktok-adapter.ts';
export {
  TikTokSandbox,
  SANDBOX_CODES as TIKTOK_SANDBOX_CODES,
  type TikTokSandboxOptions,
} from './tiktok-sandbox.ts';
export * from './tiktok-sign.ts';
export { readTikTokEnvelope, tiktokErrorKind } from './tiktok-errors.ts';

/** The adapter the configuration describes: the real TikTok Shop, or the local sandbox. */
export function tiktokAdapterFor(config: TikTokConfig, policy: CallPolicy): TikTokAdapter {
  return new TikTokAdapter({
    appKey: config.appKey,
    appSecret: config.appSecret,
    serviceId: config.serviceId,
    authorizeUrl: config.authorizeUrl,
    authHost: config.authHost,
    apiHost: config.apiHost,
    sandbox: config.sandbox,
    policy,
  });
}

/** A sandbox that accepts this configuration's app and sends the platform its webhooks. */
export function tiktokSandboxFor(config: TikTokConfig, sendWebhook?: WebhookSender): TikTokSandbox {
  return new TikTokSandbox({
    appKey: config.appKey,
    appSecret: config.appSecret,
    serviceId: config.serviceId,
    redirectUrl: config.redirectUrl,
    webhookUrl: config.webhookUrl,
    ...(sendWebhook ? { sendWebhook } : {}),
  });
}
