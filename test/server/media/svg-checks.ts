// Structural checks for generated SVG documents.

/** The SVG's root element and its attributes, or undefined if it is not an SVG document. */
export function svgRoot(svg: string) {
  const match = /^<svg ([^>]*)>[\s\S]*<\/svg>$/.exec(svg);
  return match?.[1];
}

/** Rough well-formedness: every opened element is closed in order. */
export function isBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name ?? '');
  }
  return stack.length === 0;
}
