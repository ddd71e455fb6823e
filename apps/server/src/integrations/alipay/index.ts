import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlipayConfig } from '../../config.ts';
import { AlipayPageProvider, type AlipayProvider } from './alipay-provider.ts';
import { AlipaySandbox, type NotifyDelivery } from './alipay-sandbox.ts';
import { publicPemOf } from './alipay-sign.ts';

export {
  AlipayPageProvider,
  type AlipayNotification,
  type AlipayProvider,
  type PagePayRequest,
  type RefundRequest,
  type RefundResult,
} from './alipay-provider.ts';
export { AlipaySandbox, type NotifyDelivery, type SandboxPayment } from './alipay-sandbox.ts';
export * from './alipay-sign.ts';

/** The committed, test-only key of the sandbox's "Alipay" side (never used with a real gateway). */
export const SANDBOX_ALIPAY_PRIVATE_KEY_FILE = join(import.meta.dirname, 'test-keys/alipay-private.pem');

/** The provider the configuration describes: the real gateway, or the local sandbox. */
export function alipayProviderFor(config: AlipayConfig): AlipayProvider {
  return new AlipayPageProvider({
    gateway: config.gateway,
    appId: config.appId,
    appPrivateKey: config.appPrivateKey,
    alipayPublicKey: config.alipayPublicKey,
    sandbox: config.sandbox,
  });
}

/** A sandbox that accepts this configuration's requests and signs as its Alipay key pair. */
export function sandboxFor(config: AlipayConfig, deliver?: NotifyDelivery): AlipaySandbox {
  return new AlipaySandbox({
    appId: config.appId,
    appPublicKey: publicPemOf(config.appPrivateKey),
    alipayPrivateKey: readFileSync(SANDBOX_ALIPAY_PRIVATE_KEY_FILE, 'utf8'),
    ...(deliver ? { deliver } : {}),
  });
}
