import { useEffect, useRef } from 'react';
import { Notice, type NoticeProps } from '../../../ui';

/**
 * A notice that scrolls itself into view when it appears or changes: the
 * outcome of an action taken far down a long page (saving a post from the
 * bottom of its form) would otherwise land above the screen, unseen.
 */
export function RevealedNotice({ children, tone }: Pick<NoticeProps, 'children' | 'tone'>) {
  const ref = useRef<HTMLDivElement>(null);
  const text = typeof children === 'string' ? children : null;
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text, tone]);
  return (
    <div ref={ref}>
      <Notice tone={tone}>{children}</Notice>
    </div>
  );
}
