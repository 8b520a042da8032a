import { LARGE_SCREEN_PX, MOBILE_BREAKPOINT_PX } from '@playquid/contracts';

/** what the offer selection and the landing layout need to know. */
export interface DeviceInfo {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isAndroid: boolean;
  isIOS: boolean;
  os: 'Android' | 'iOS' | 'Windows' | 'macOS' | 'ChromeOS' | 'Linux' | 'Unknown';
  browser: 'Edge' | 'Opera' | 'Samsung Internet' | 'Firefox' | 'Chrome' | 'Safari' | 'Unknown';
  screenWidth: number;
  screenHeight: number;
  /** 1400 px and wider. */
  isLargeScreen: boolean;
  /** Inside an app's web view rather than a browser. */
  isNativeApp: boolean;
  /** Launched from the home screen as an installed web app. */
  isStandalone: boolean;
}

export interface DeviceInput {
  userAgent: string;
  width: number;
  height?: number;
  /** navigator.maxTouchPoints: iPadOS Safari reports a desktop Mac user agent, only touch gives it away. */
  maxTouchPoints?: number;
  standalone?: boolean;
}

const PHONE_UA = /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Mobile Safari/i;
const TABLET_UA = /iPad|Tablet|PlayBook|Silk|Kindle/i;

function osOf(ua: string, isIOS: boolean, isAndroid: boolean): DeviceInfo['os'] {
  if (isAndroid) return 'Android';
  if (isIOS) return 'iOS';
  if (/Windows/i.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'macOS';
  if (/Linux|X11/i.test(ua)) return 'Linux';
  return 'Unknown';
}

// Order matters: Edge, Opera and Samsung Internet also announce Chrome, and Chrome announces Safari.
function browserOf(ua: string): DeviceInfo['browser'] {
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser/.test(ua)) return 'Samsung Internet';
  if (/Firefox|FxiOS/.test(ua)) return 'Firefox';
  if (/Chrome|CriOS|Chromium/.test(ua)) return 'Chrome';
  if (/Safari/.test(ua)) return 'Safari';
  return 'Unknown';
}

/**
 * Device facts from the user agent and the viewport. The platform (Android or iOS) comes from the
 * user agent only, since it decides which offers can be installed; mobile/tablet/desktop also uses
 * the width, since it decides the layout (a narrow desktop window gets the phone layout).
 */
export function detectDevice({ userAgent: ua, width, height = 0, maxTouchPoints = 0, standalone = false }: DeviceInput): DeviceInfo {
  const iPadOS = /Macintosh/.test(ua) && maxTouchPoints > 1;
  const isIOS = /iPhone|iPad|iPod/.test(ua) || iPadOS;
  const isAndroid = /Android/i.test(ua);
  const isTablet = TABLET_UA.test(ua) || iPadOS || (isAndroid && !/Mobile/i.test(ua));
  const isMobile = !isTablet && (PHONE_UA.test(ua) || width < MOBILE_BREAKPOINT_PX);
  return {
    isMobile,
    isTablet,
    isDesktop: !isMobile && !isTablet,
    isAndroid,
    isIOS,
    os: osOf(ua, isIOS, isAndroid),
    browser: browserOf(ua),
    screenWidth: width,
    screenHeight: height,
    isLargeScreen: width >= LARGE_SCREEN_PX,
    // Android web views add "; wv)"; iOS web views drop the "Safari/" token that every iOS browser sends.
    isNativeApp: /; wv\)/.test(ua) || (isIOS && !iPadOS && !/Safari\//.test(ua)),
    isStandalone: standalone,
  };
}

/** The offer platform to match for this device; null for a desktop browser. */
export function offerPlatformOf(device: Pick<DeviceInfo, 'isAndroid' | 'isIOS'>): 1 | 2 | null {
  if (device.isAndroid) return 1;
  if (device.isIOS) return 2;
  return null;
}

/** The current browser's device, for code outside tests. */
export function currentDevice(): DeviceInfo {
  if (typeof window === 'undefined') return detectDevice({ userAgent: '', width: LARGE_SCREEN_PX });
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return detectDevice({
    userAgent: navigator.userAgent,
    width: window.innerWidth,
    height: window.innerHeight,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone,
  });
}
