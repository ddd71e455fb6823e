import { makeThumbnail } from '../../platform/images/thumbnail.ts';
import type { AppServices } from '../../services.ts';

export const DEMO_THUMBNAILS_JOB = 'demo.thumbnails';

export interface DemoThumbnailsData {
  keys: string[];
}

/** The demo seed's thumbnail generation: a real job with progress, retry and a result. */
export function registerDemoJobs({ jobs, storage }: AppServices): void {
  jobs.define<DemoThumbnailsData>({
    name: DEMO_THUMBNAILS_JOB,
    retryLimit: 2,
    retryDelaySeconds: 1,
    async handler(run) {
      const thumbnails: Array<{ source: string; thumbnail: string }> = [];
      for (const [index, key] of run.data.keys.entries()) {
        const thumb = await makeThumbnail(storage, key);
        thumbnails.push({ source: key, thumbnail: thumb.key });
        await run.progress(((index + 1) / run.data.keys.length) * 100);
      }
      return { thumbnails };
    },
  });
}
