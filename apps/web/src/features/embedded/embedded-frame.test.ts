import { describe, expect, it } from 'vitest';
import { embeddedAddress, frameSource } from './embedded-frame.tsx';

describe('frameSource (spec §2 embedded pages)', () => {
  it('frames a path of this site and http(s) pages', () => {
    expect(frameSource('/protocol')).toBe('/protocol');
    expect(frameSource('https://example.com/docs?a=1')).toBe('https://example.com/docs?a=1');
  });
  it('refuses scripts, data, protocol-relative and unparsable addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'docs',
      '',
    ])
      expect(frameSource(bad), bad).toBeNull();
  });
});

describe('embeddedAddress', () => {
  it('reads the address however often the router decoded it', () => {
    for (const carried of ['%2Fhelp', '/help', 'help'])
      expect(embeddedAddress(carried), carried).toBe('/help');
    expect(embeddedAddress('https%3A%2F%2Fexample.com%2Fx')).toBe('https://example.com/x');
    expect(embeddedAddress('https:/example.com/x')).toBe('https://example.com/x');
  });
});
