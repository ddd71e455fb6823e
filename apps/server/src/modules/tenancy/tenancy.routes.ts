import { registerCrud } from '../../platform/crud/crud.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { SecretBox } from '../../platform/secrets.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { merchantLevelResource, supplierLevelResource } from './level.resource.ts';
import { merchantResource } from './merchant.resource.ts';
import { moduleStoreRoutes } from './module-store.routes.ts';
import { supplierResource } from './supplier.resource.ts';

export function tenancyRoutes(app: ZodApp, services: AppServices): void {
  registerCrud(app, services.crud, adminContext, supplierLevelResource);
  registerCrud(app, services.crud, adminContext, merchantLevelResource);
  registerCrud(app, services.crud, adminContext, supplierResource(new SecretBox(services.config.jwtSecret)));
  registerCrud(app, services.crud, adminContext, merchantResource(services.extensions));
  moduleStoreRoutes(app, services);
}
