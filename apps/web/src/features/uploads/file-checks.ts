import { LIMITS, type UploadTopic, type SiteInfo } from '@pod/shared';

/** What the browser checks before sending a file: its suffix and its size (spec §5). */
export interface UploadRules {
  /** Lower-case suffixes without the dot. */
  suffixes: readonly string[];
  maxBytes: number;
}

/** The site's upload config (spec §3 Site config `upload`), as the site info serves it. */
export type SiteUploadConfig = Pick<SiteInfo['upload'], 'maxSize' | 'allowedSuffixes'>;

const IMAGES = ['jpg', 'jpeg', 'png'] as const;

/**
 * The rules of an upload topic, mirroring the server's (docs/decisions/0014): material and receipt
 * images are jpg/jpeg/png up to 20 MB, designs may also be SVG, logos and pictures also WebP/SVG
 * up to the configured size, and `general` follows the site's upload config. The server checks
 * again, content included; these only save the user a pointless upload.
 */
export function uploadRules(topic: UploadTopic, site?: SiteUploadConfig | null): UploadRules {
  const configuredMax = Math.min(site?.maxSize || LIMITS.materialUploadBytes, LIMITS.uploadHardMaxBytes);
  switch (topic) {
    case 'material':
    case 'receipt':
      return { suffixes: IMAGES, maxBytes: LIMITS.materialUploadBytes };
    case 'design':
      return { suffixes: [...IMAGES, 'svg'], maxBytes: LIMITS.materialUploadBytes };
    case 'image':
      return { suffixes: [...IMAGES, 'webp', 'svg'], maxBytes: configuredMax };
    case 'general':
      return {
        suffixes: site?.allowedSuffixes.length ? site.allowedSuffixes.map((s) => s.toLowerCase()) : IMAGES,
        maxBytes: configuredMax,
      };
  }
}

/** The `accept` attribute of a file input for the rules, e.g. `.jpg,.jpeg,.png`. */
export function acceptOf(rules: UploadRules): string {
  return rules.suffixes.map((suffix) => `.${suffix}`).join(',');
}

/** The suffix of a file name, lower-case, without the dot; '' when there is none. */
export function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why the browser refuses a file before sending it, with what the message needs. */
export type FileRefusal =
  { reason: 'incomplete' } | { reason: 'type'; suffix: string } | { reason: 'size'; max: number };

/** Checks one file against the rules: null when it may be sent. */
export function checkFile(file: { name: string; size: number }, rules: UploadRules): FileRefusal | null {
  if (!file.name.trim() || file.size <= 0) return { reason: 'incomplete' };
  const suffix = suffixOf(file.name);
  if (!rules.suffixes.includes(suffix)) return { reason: 'type', suffix: suffix || file.name };
  if (file.size > rules.maxBytes) return { reason: 'size', max: rules.maxBytes };
  return null;
}

/** Bytes as a short size: `512 B`, `3.4 KB`, `20 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${units[unit]}`;
}
