import { registerCrud } from '../../platform/crud/crud.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { exchangeRateResource } from './exchange-rate.ts';
import { paymentAccountResource } from './payment-account.resource.ts';

export function walletRoutes(app: ZodApp, services: AppServices): void {
  registerCrud(app, services, adminContext, paymentAccountResource);
  registerCrud(app, services, adminContext, exchangeRateResource);
}
