import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { px } from './theme';

export interface LoadWhenNearProps {
  /**
   * About how tall the content will be (px) on phones and from tablet width up,
   * so the page keeps its length and nothing below jumps when it arrives.
   */
  estimatedHeight: { compact: number; wide: number };
  /**
   * The id of the element the content renders when it is an in-page link
   * target (e.g. `pricing` for /#pricing): the stand-in carries it too, and
   * when the address points at it the content loads at once and is scrolled to.
   */
  anchorId?: string;
  /** How far outside the viewport to start loading: a screen by default, so it is usually ready before it shows. */
  rootMargin?: string;
  /** Typically a React.lazy component, so its code is fetched only when needed. */
  children: ReactNode;
}

const addressPointsAt = (anchorId: string | undefined) => anchorId !== undefined && window.location.hash === `#${anchorId}`;

// Tab moves focus in document order without scrolling past the stand-ins, so a
// keyboard user tabbing out of the hero would land in the footer, having
// skipped every section in between. Once Tab has been pressed on the page,
// every deferred section loads, by the time focus gets there.
let tabPressed = false;
const loadOnTab = new Set<() => void>();
let listeningForTab = false;

function whenTabPressed(load: () => void): () => void {
  if (tabPressed) {
    load();
    return () => {};
  }
  if (!listeningForTab) {
    listeningForTab = true;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Tab' || tabPressed) return;
        tabPressed = true;
        for (const pending of loadOnTab) pending();
        loadOnTab.clear();
      },
      { capture: true },
    );
  }
  loadOnTab.add(load);
  return () => loadOnTab.delete(load);
}

/**
 * Renders `children` only once its place on the page comes within a screen of
 * the viewport; until then an empty stand-in of about the same height holds
 * the place. Used for the parts of long pages that are below the fold, so
 * their code does not count against the first load (issue 8). Once a person
 * presses Tab, or where IntersectionObserver does not exist, it renders at once.
 */
export function LoadWhenNear({ estimatedHeight, anchorId, rootMargin = '100% 0px', children }: LoadWhenNearProps) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined' || tabPressed || addressPointsAt(anchorId));
  const standInRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const standIn = standInRef.current;
    if (near || !standIn) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(standIn);
    const stopWaitingForTab = whenTabPressed(() => setNear(true));
    return () => {
      observer.disconnect();
      stopWaitingForTab();
    };
  }, [near, rootMargin]);

  const standIn = <StandIn ref={standInRef} id={anchorId} aria-busy="true" $height={estimatedHeight} />;
  if (!near) return standIn;
  return (
    <Suspense fallback={standIn}>
      {children}
      {anchorId && <ScrollIntoViewWhenAddressed anchorId={anchorId} />}
    </Suspense>
  );
}

/**
 * The browser scrolled to the stand-in (or found nothing) before the content
 * existed; once it has rendered, a visit to its #anchor ends up on it.
 */
function ScrollIntoViewWhenAddressed({ anchorId }: { anchorId: string }) {
  useEffect(() => {
    if (addressPointsAt(anchorId)) document.getElementById(anchorId)?.scrollIntoView();
  }, [anchorId]);
  return null;
}

const StandIn = styled.div<{ $height: LoadWhenNearProps['estimatedHeight'] }>`
  min-height: ${({ $height }) => px($height.compact)};

  ${({ theme }) => theme.media.tablet} {
    min-height: ${({ $height }) => px($height.wide)};
  }
`;
