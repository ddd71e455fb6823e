import './messages.ts';

export { exchangeRateResource, rateAt, toCnyMinor } from './exchange-rate.ts';
export { maskCard, paymentAccountResource } from './payment-account.resource.ts';
export { walletRoutes } from './wallet.routes.ts';
