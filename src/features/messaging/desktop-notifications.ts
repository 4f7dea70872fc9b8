/**
 * Desktop notifications for new messages: a choice of this device (not of the
 * account), kept in localStorage, and only with the browser's permission.
 */

const KEY = 'orbit.desktopNotifications';

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function desktopNotificationsOn(): boolean {
  try {
    return notificationsSupported() && localStorage.getItem(KEY) === 'on' && Notification.permission === 'granted';
  } catch {
    return false;
  }
}

/** Turns them on (asking the browser's permission first) or off; answers whether they are on now. */
export async function setDesktopNotifications(on: boolean): Promise<boolean> {
  try {
    if (!on) {
      localStorage.removeItem(KEY);
      return false;
    }
    if (!notificationsSupported()) return false;
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') return false;
    localStorage.setItem(KEY, 'on');
    return true;
  } catch {
    return false;
  }
}
