import { describe, expect, it } from 'vitest';
import { detectDevice, offerPlatformOf } from './device';

const UA = {
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('detectDevice', () => {
  it('recognises an Android phone', () => {
    const device = detectDevice({ userAgent: UA.androidPhone, width: 412, height: 915 });
    expect(device).toMatchObject({ isMobile: true, isTablet: false, isDesktop: false, isAndroid: true, isIOS: false, os: 'Android', browser: 'Chrome' });
    expect(device.isNativeApp).toBe(false);
  });

  it('treats an Android user agent without "Mobile" as a tablet', () => {
    expect(detectDevice({ userAgent: UA.androidTablet, width: 1280 })).toMatchObject({ isTablet: true, isMobile: false, isDesktop: false, isAndroid: true });
  });

  it('recognises iPhone, iPad and iPadOS pretending to be a Mac', () => {
    expect(detectDevice({ userAgent: UA.iPhone, width: 390 })).toMatchObject({ isMobile: true, isIOS: true, os: 'iOS', browser: 'Safari' });
    expect(detectDevice({ userAgent: UA.iPad, width: 820 })).toMatchObject({ isTablet: true, isMobile: false, isIOS: true });
    expect(detectDevice({ userAgent: UA.mac, width: 1180, maxTouchPoints: 5 })).toMatchObject({ isTablet: true, isIOS: true, os: 'iOS' });
    expect(detectDevice({ userAgent: UA.mac, width: 1440 })).toMatchObject({ isDesktop: true, isIOS: false, os: 'macOS' });
  });

  it('uses the width for the layout: a narrow desktop window is mobile, the platform stays unknown', () => {
    const narrow = detectDevice({ userAgent: UA.windowsEdge, width: 767 });
    expect(narrow).toMatchObject({ isMobile: true, isDesktop: false, isAndroid: false, isIOS: false, os: 'Windows', browser: 'Edge' });
    expect(detectDevice({ userAgent: UA.windowsEdge, width: 768 })).toMatchObject({ isMobile: false, isDesktop: true });
  });

  it('flags large screens from 1400 px', () => {
    expect(detectDevice({ userAgent: UA.linuxFirefox, width: 1399 }).isLargeScreen).toBe(false);
    expect(detectDevice({ userAgent: UA.linuxFirefox, width: 1400 })).toMatchObject({ isLargeScreen: true, os: 'Linux', browser: 'Firefox' });
  });

  it('spots app web views and installed web apps', () => {
    expect(detectDevice({ userAgent: UA.androidWebView, width: 412 }).isNativeApp).toBe(true);
    expect(detectDevice({ userAgent: UA.iPhoneApp, width: 390 }).isNativeApp).toBe(true);
    expect(detectDevice({ userAgent: UA.iPhone, width: 390 }).isNativeApp).toBe(false);
    expect(detectDevice({ userAgent: UA.iPhone, width: 390, standalone: true }).isStandalone).toBe(true);
  });
});

describe('offerPlatformOf', () => {
  it('maps Android to 1, iOS to 2 and anything else to null', () => {
    expect(offerPlatformOf({ isAndroid: true, isIOS: false })).toBe(1);
    expect(offerPlatformOf({ isAndroid: false, isIOS: true })).toBe(2);
    expect(offerPlatformOf({ isAndroid: false, isIOS: false })).toBeNull();
  });
});
