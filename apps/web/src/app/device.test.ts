import { describe, expect, it } from 'vitest';
import { deviceTwinOf, isMobileDevice } from './device.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('isMobileDevice', () => {
  it('is true for a mobile user agent or a viewport under 768 px', () => {
    expect(isMobileDevice(IPHONE_UA, 1280)).toBe(true);
    expect(isMobileDevice(DESKTOP_UA, 767)).toBe(true);
    expect(isMobileDevice(DESKTOP_UA, 768)).toBe(false);
  });
});

describe('deviceTwinOf (spec §2)', () => {
  it('sends a phone from the desktop forms to the Wap ones', () => {
    expect(deviceTwinOf('/login', true)).toBe('/loginWap');
    expect(deviceTwinOf('/register', true)).toBe('/registerWap');
    expect(deviceTwinOf('/loginWap', true)).toBeNull();
  });

  it('sends a desktop from the Wap forms to the desktop ones', () => {
    expect(deviceTwinOf('/loginWap', false)).toBe('/login');
    expect(deviceTwinOf('/registerWap', false)).toBe('/register');
    expect(deviceTwinOf('/login', false)).toBeNull();
  });

  it('knows the template pages under their shell too (issue 26)', () => {
    expect(deviceTwinOf('/layouts/template/productList', true)).toBe('/layoutsWap/templateWap/productList');
    expect(deviceTwinOf('/layoutsWap/templateWap/aboutUs', false)).toBe('/layouts/template/aboutUs');
    expect(deviceTwinOf('/layouts/template/productDetail', false)).toBeNull();
  });

  it('leaves other paths alone', () => {
    expect(deviceTwinOf('/protocol', true)).toBeNull();
    expect(deviceTwinOf('/admin/dashboard', false)).toBeNull();
  });
});
