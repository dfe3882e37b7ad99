import { useEffect, useRef } from 'react';

// The device's last known position, watched while a capture screen is open. It never blocks a
// capture: a photo takes whatever position is known at that moment, or none (permission denied, no
// fix yet, no geolocation at all).

export type Position = { lat: number; lng: number };

export function useLastPosition(): () => Position | null {
  const last = useRef<Position | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) return;
    let watchId: number | null = null;
    try {
      watchId = navigator.geolocation.watchPosition(
        (position) => {
          last.current = { lat: position.coords.latitude, lng: position.coords.longitude };
        },
        () => undefined,
        { enableHighAccuracy: true, maximumAge: 60_000, timeout: 30_000 },
      );
    } catch {
      // Some browsers throw when geolocation is blocked by policy: photos simply carry no position.
    }
    return () => {
      if (watchId !== null) navigator.geolocation.clearWatch(watchId);
    };
  }, []);
  return () => last.current;
}
