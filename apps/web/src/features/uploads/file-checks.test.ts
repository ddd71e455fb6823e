import { describe, expect, it } from 'vitest';
import { LIMITS } from '@pod/shared';
import { acceptOf, checkFile, formatBytes, suffixOf, uploadRules } from './file-checks.ts';
import { idsOf, valueOf } from './upload-value.ts';

describe('upload rules (spec §5)', () => {
  it('allows material images as jpg/jpeg/png up to 20 MB', () => {
    const rules = uploadRules('material');
    expect(acceptOf(rules)).toBe('.jpg,.jpeg,.png');
    expect(checkFile({ name: 'a.PNG', size: 10 }, rules)).toBeNull();
    expect(checkFile({ name: 'a.gif', size: 10 }, rules)).toEqual({ reason: 'type', suffix: 'gif' });
    expect(checkFile({ name: 'big.jpg', size: LIMITS.materialUploadBytes + 1 }, rules)).toEqual({
      reason: 'size',
      max: LIMITS.materialUploadBytes,
    });
    expect(checkFile({ name: 'empty.png', size: 0 }, rules)).toEqual({ reason: 'incomplete' });
  });

  it('follows the site’s upload config for general uploads, within the hard ceiling', () => {
    const rules = uploadRules('general', { maxSize: 1024 * 1024 * 1024, allowedSuffixes: ['PDF', 'csv'] });
    expect(rules.suffixes).toEqual(['pdf', 'csv']);
    expect(rules.maxBytes).toBe(LIMITS.uploadHardMaxBytes);
    expect(uploadRules('design').suffixes).toContain('svg');
  });

  it('reads suffixes and sizes', () => {
    expect(suffixOf('photo.final.JPEG')).toBe('jpeg');
    expect(suffixOf('README')).toBe('');
    expect(suffixOf('.png')).toBe('');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

describe('upload field values', () => {
  it('is one id for a single file and a list otherwise', () => {
    expect(valueOf(['a', 'b'], 1)).toBe('a');
    expect(valueOf([], 1)).toBeNull();
    expect(valueOf(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(idsOf('a')).toEqual(['a']);
    expect(idsOf(null)).toEqual([]);
    expect(idsOf(['a', ''])).toEqual(['a']);
  });
});
