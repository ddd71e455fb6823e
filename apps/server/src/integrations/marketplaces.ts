import { temuSandboxUrls, tiktokSandboxUrls, type MarketplacesConfig } from '../config.ts';
import type { Marketplace, MarketplaceAdapter } from './marketplace/adapter.ts';
import { blockedRange } from './marketplace/address-guard.ts';
import type { CallPolicy } from './marketplace/http.ts';
import type { WebhookSender } from './marketplace/sandbox-kit.ts';
import { temuAdapterFor, temuSandboxFor, type TemuSandbox } from './temu/index.ts';
import { tiktokAdapterFor, tiktokSandboxFor, type TikTokSandbox } from './tiktok/index.ts';

/**
 * The adapters the configuration enables, by marketplace (issue 18). A marketplace left out (the
 * sandbox's credentials in production) cannot be authorised; "other" never has an adapter.
 */
export function marketplaceAdapters(
  config: MarketplacesConfig,
  policy: CallPolicy,
): ReadonlyMap<Marketplace, MarketplaceAdapter> {
  const adapters = new Map<Marketplace, MarketplaceAdapter>();
  if (config.tiktok.enabled) adapters.set('tiktok', tiktokAdapterFor(config.tiktok, policy));
  if (config.temu.enabled) adapters.set('temu', temuAdapterFor(config.temu, policy));
  return adapters;
}

export interface RunningSandboxes {
  tiktok?: TikTokSandbox;
  temu?: TemuSandbox;
  stop(): Promise<void>;
}

/**
 * Starts the sandbox of every marketplace configured for one, on 127.0.0.1 and its port, and
 * returns the configuration with their actual addresses (a port of 0 picks a free one).
 */
export async function startMarketplaceSandboxes(
  config: MarketplacesConfig,
  options: { sendWebhook?: WebhookSender; onError?: (vendor: string, error: unknown) => void } = {},
): Promise<{ sandboxes: RunningSandboxes; config: MarketplacesConfig }> {
  const sandboxes: RunningSandboxes = {
    async stop() {
      await Promise.all([this.tiktok?.stop(), this.temu?.stop()]);
    },
  };
  let next = config;
  if (config.tiktok.sandbox && config.tiktok.enabled) {
    const sandbox = tiktokSandboxFor(config.tiktok, options.sendWebhook);
    try {
      const url = await sandbox.start(config.tiktok.sandboxPort);
      sandboxes.tiktok = sandbox;
      next = { ...next, tiktok: { ...next.tiktok, ...tiktokSandboxUrls(url) } };
    } catch (error) {
      options.onError?.('tiktok', error);
    }
  }
  if (config.temu.sandbox && config.temu.enabled) {
    const sandbox = temuSandboxFor(config.temu, options.sendWebhook);
    try {
      const url = await sandbox.start(config.temu.sandboxPort);
      sandboxes.temu = sandbox;
      next = { ...next, temu: { ...next.temu, ...temuSandboxUrls(url) } };
    } catch (error) {
      options.onError?.('temu', error);
    }
  }
  return { sandboxes, config: next };
}

/**
 * The origins on loopback the platform may fetch a marketplace's files from (a buyer's image,
 * decision 0064): those of the marketplaces configured to run on their bundled sandbox, when the
 * sandbox's address is itself on loopback, and never in production (which refuses the sandboxes
 * anyway, decision 0035). Every other loopback, private or link-local address stays refused.
 */
export function sandboxFileOrigins(config: MarketplacesConfig, production: boolean): string[] {
  if (production) return [];
  const bases: string[] = [];
  if (config.tiktok.enabled && config.tiktok.sandbox) bases.push(config.tiktok.apiHost);
  if (config.temu.enabled && config.temu.sandbox) bases.push(...Object.values(config.temu.gateways));
  const origins = new Set<string>();
  for (const base of bases) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      continue;
    }
    if (blockedRange(url.hostname) === 'loopback') origins.add(url.origin);
  }
  return [...origins];
}
