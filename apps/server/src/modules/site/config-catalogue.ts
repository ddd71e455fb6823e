import { z } from 'zod';
import { LIMITS, type ConfigItem } from '@pod/shared';

interface Definition {
  key: string;
  group: 'site' | 'upload';
  type: ConfigItem['type'];
  schema: z.ZodType;
  default: (siteName: string) => unknown;
  options?: string[];
}

const shortText = (max: number) => z.string().trim().max(max);
const suffix = z.string().regex(/^[a-z0-9]{1,10}$/);
const mime = z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/);

/** Every setting there is, with its type, rule and default (spec §3 Site config). */
export const CONFIG_CATALOGUE: Definition[] = [
  { key: 'site.name', group: 'site', type: 'string', schema: shortText(60).min(1), default: (name) => name },
  { key: 'site.recordNumber', group: 'site', type: 'string', schema: shortText(60), default: () => '' },
  { key: 'site.keywords', group: 'site', type: 'string', schema: shortText(200), default: () => '' },
  { key: 'site.description', group: 'site', type: 'text', schema: shortText(500), default: () => '' },
  { key: 'site.contact', group: 'site', type: 'string', schema: shortText(50), default: () => '' },
  { key: 'site.mobile', group: 'site', type: 'string', schema: shortText(30), default: () => '' },
  {
    key: 'site.email',
    group: 'site',
    type: 'string',
    schema: z.email().or(z.literal('')),
    default: () => '',
  },
  { key: 'site.address', group: 'site', type: 'string', schema: shortText(200), default: () => '' },
  {
    key: 'site.memberSignInScore',
    group: 'site',
    type: 'number',
    schema: z.number().int().min(0).max(100_000),
    default: () => 1,
  },
  { key: 'site.aboutUs', group: 'site', type: 'text', schema: shortText(5000), default: () => '' },
  {
    key: 'upload.mode',
    group: 'upload',
    type: 'select',
    schema: z.enum(['local']),
    default: () => 'local',
    options: ['local'],
  },
  {
    key: 'upload.maxSize',
    group: 'upload',
    type: 'number',
    schema: z
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024),
    default: () => LIMITS.materialUploadBytes,
  },
  {
    key: 'upload.allowedSuffixes',
    group: 'upload',
    type: 'list',
    schema: z.array(suffix).min(1).max(50),
    default: () => ['jpg', 'jpeg', 'png'],
  },
  {
    key: 'upload.allowedMimeTypes',
    group: 'upload',
    type: 'list',
    schema: z.array(mime).min(1).max(50),
    default: () => ['image/jpeg', 'image/png'],
  },
];

export const CONFIG_BY_KEY = new Map(CONFIG_CATALOGUE.map((d) => [d.key, d]));
