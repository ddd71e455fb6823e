export * from './adapter.ts';
export * from './errors.ts';
export { backoffDelay, callVendor, DEFAULT_POLICY, type CallPolicy, type RawResponse } from './http.ts';
export { MemoryRateGate, UNLIMITED, type RateGate } from './rate-gate.ts';
export { fromMinor, money, toMinor } from './money.ts';
export { sameSignature } from './signature.ts';
export type { Misbehaviour, SentWebhook, WebhookSender } from './sandbox-kit.ts';
export { fetchVendorFile, VendorFileError, type VendorFile } from './fetch-file.ts';
