import { devtoolsOperations } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { generateCrud, previewCrud } from './generator.ts';

/**
 * The CRUD generator's routes (decision 0049): anything but the status only in development. One
 * preview or generation at a time per work tree (409 otherwise); a failed db:generate is a 409
 * that leaves the work tree as it was.
 */
export function devtoolsRoutes(app: ZodApp, services: AppServices): void {
  const { enabled, root } = services.config.crudGenerator;
  const assertEnabled = () => {
    if (!enabled) throw AppError.forbidden('devtools.developmentOnly');
  };

  route(app, devtoolsOperations.crudGeneratorStatus, () => Promise.resolve(ok({ enabled })));

  route(app, devtoolsOperations.crudGeneratorPreview, async (request) => {
    assertEnabled();
    const { files, migrationError } = await previewCrud(root, request.body);
    const migration_error = migrationError
      ? t(request.ctx.lang, migrationError.key, migrationError.params)
      : null;
    return ok({ files, migration_error });
  });

  route(app, devtoolsOperations.crudGeneratorGenerate, async (request) => {
    assertEnabled();
    const { written, kept, migration } = await generateCrud(
      root,
      request.body.design,
      request.body.overwrite,
    );
    const msg = migration
      ? t(request.ctx.lang, 'devtools.generatedWithMigration', {
          count: written.length,
          migration: migration.path,
        })
      : t(request.ctx.lang, 'devtools.generated', { count: written.length });
    return ok({ written, kept, migration }, msg);
  });
}
