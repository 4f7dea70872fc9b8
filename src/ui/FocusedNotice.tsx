import { useEffect, useRef } from 'react';
import { Notice, type NoticeTone } from './Notice';

export interface FocusedNoticeProps {
  message: string | undefined;
  tone?: NoticeTone;
  className?: string;
}

/**
 * A notice that takes focus when its message arrives: for news about
 * something that just left the screen (a person blocked, an account closed),
 * which says why. A status region filled as it is created is not reliably
 * announced; a focused one is.
 */
export function FocusedNotice({ message, tone = 'success', className }: FocusedNoticeProps) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) region.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={region} tabIndex={-1} className={className}>
      <Notice tone={tone}>{message}</Notice>
    </div>
  );
}
