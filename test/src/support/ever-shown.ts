/**
 * Watches the page for an element `is` picks out and says whether one was ever
 * added, however briefly: a loading state that shows for one render before the
 * data arrives still counts.
 */
export function watchForElement(is: (element: Element) => boolean) {
  const holds = (node: Node) => node instanceof Element && (is(node) || Array.from(node.querySelectorAll('*')).some(is));
  let seen = holds(document.body);
  // A node added and gone again before the records are read only shows up whole among the removed ones.
  const shownIn = (records: MutationRecord[]) => records.some((record) => [...record.addedNodes, ...record.removedNodes].some(holds));
  const observer = new MutationObserver((records) => {
    if (shownIn(records)) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return {
    /** Stops watching and says whether the element was ever in the page. */
    stop(): boolean {
      if (shownIn(observer.takeRecords())) seen = true;
      observer.disconnect();
      return seen;
    },
  };
}

/** An element named `label` with aria-label, as the screens' skeletons are. */
export const labelled = (label: string) => (element: Element) => element.getAttribute('aria-label') === label;

/** A Spinner saying `label`. */
export const spinner = (label: string) => (element: Element) => element.getAttribute('role') === 'status' && element.textContent === label;
