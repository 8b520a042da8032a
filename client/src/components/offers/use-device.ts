import { useEffect, useState } from 'react';
import { currentDevice, type DeviceInfo } from '../../lib/device';

/** The visitor's device, kept current as the window is resized or rotated. */
export function useDevice(): DeviceInfo {
  const [device, setDevice] = useState(currentDevice);
  useEffect(() => {
    let frame = 0;
    // One update per frame at most: resize fires continuously while dragging.
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setDevice(currentDevice()));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return device;
}
