import { devtoolsOperations } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { generateCrud, previewCrud } from './generator.ts';

/** The CRUD generator's routes (decision 0049): anything but the status only in development. */
export function devtoolsRoutes(app: ZodApp, services: AppServices): void {
  const { enabled, root } = services.config.crudGenerator;
  const assertEnabled = () => {
    if (!enabled) throw AppError.forbidden('devtools.developmentOnly');
  };

  route(app, devtoolsOperations.crudGeneratorStatus, () => Promise.resolve(ok({ enabled })));

  route(app, devtoolsOperations.crudGeneratorPreview, async (request) => {
    assertEnabled();
    return ok({ files: await previewCrud(root, request.body) });
  });

  route(app, devtoolsOperations.crudGeneratorGenerate, async (request) => {
    assertEnabled();
    const done = await generateCrud(root, request.body.design, request.body.overwrite);
    return ok(done, t(request.ctx.lang, 'devtools.generated', { count: done.written.length }));
  });
}
