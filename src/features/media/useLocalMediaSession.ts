import { useEffect, useState } from 'react';
import { LocalMediaSession } from './local-media';

/**
 * One media session per screen, whose tracks all stop when the screen is
 * left, whatever state its machine is in.
 */
export function useLocalMediaSession(create: () => LocalMediaSession = () => new LocalMediaSession()): LocalMediaSession {
  const [session] = useState(create);
  useEffect(() => {
    // StrictMode mounts twice; the second mount must keep what arrives next.
    session.activate();
    return () => session.release();
  }, [session]);
  return session;
}
