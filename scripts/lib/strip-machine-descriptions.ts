import { parseAst, type Plugin } from 'vite';

// A machine's `description` texts are for people: the diagrams in
// docs/statecharts and the inspector read them, and xstate itself never does.
// In the production bundle they are bytes every visitor downloads (the auth
// machine's alone sit in the code for `/`, inside issue 8's 150 KB budget), so
// the build drops them, and the machines can say as much as a reviewer needs.

/** The machine modules whose descriptions are documentation (machines/<area>/<flow>.machine.ts). */
export const MACHINE_MODULE = /[\\/]machines[\\/](?:[^\\/]+[\\/])*[^\\/]+\.machine\.ts$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

function childrenOf(node: AstNode): AstNode[] {
  return Object.values(node).flatMap((value) => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []));
}

/** A text known at build time: a string, a template without `${}`, or a `+` of those. */
function isStaticText(node: AstNode): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return (node.expressions as AstNode[]).length === 0;
  if (node.type === 'BinaryExpression' && node.operator === '+') return isStaticText(node.left as AstNode) && isStaticText(node.right as AstNode);
  if (node.type === 'ParenthesizedExpression') return isStaticText(node.expression as AstNode);
  return false;
}

function isDescription(node: AstNode): boolean {
  if (node.type !== 'Property' || node.computed || node.kind !== 'init') return false;
  const key = node.key as AstNode;
  const named = (key.type === 'Identifier' && key.name === 'description') || (key.type === 'Literal' && key.value === 'description');
  return named && isStaticText(node.value as AstNode);
}

/** `createMachine(...)` or `setup(...).createMachine(...)`. */
function isCreateMachineCall(node: AstNode): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as AstNode;
  if (callee.type === 'Identifier') return callee.name === 'createMachine';
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  return (callee.property as AstNode).type === 'Identifier' && (callee.property as AstNode).name === 'createMachine';
}

/** Every node `pick` returns something for, in source order; a picked node's own children are not searched. */
function collect(node: AstNode, pick: (node: AstNode) => AstNode | undefined, found: AstNode[] = []): AstNode[] {
  const picked = pick(node);
  if (picked) found.push(picked);
  else for (const child of childrenOf(node)) collect(child, pick, found);
  return found;
}

/**
 * Removes every `description: <static text>` property, and the comma after
 * it, from the configs passed to `createMachine` in `code` (TypeScript).
 * Anything else, descriptions outside a machine config included, is left as it
 * is. Returns null when there is nothing to remove.
 */
export function stripMachineDescriptions(code: string, filename = 'machine.ts'): string | null {
  const program = parseAst(code, { lang: 'ts' }, filename) as unknown as AstNode;
  const configs = collect(program, (node) => (isCreateMachineCall(node) ? (node.arguments as AstNode[])[0] : undefined));
  const properties = configs.flatMap((config) => collect(config, (node) => (isDescription(node) ? node : undefined)));
  if (properties.length === 0) return null;

  let stripped = code;
  for (const property of properties.sort((a, b) => b.start - a.start)) {
    let end = property.end;
    const comma = /^\s*,/.exec(stripped.slice(end));
    if (comma) end += comma[0].length;
    stripped = stripped.slice(0, property.start) + stripped.slice(end);
  }
  return stripped;
}

/** Vite build plugin: production bundles carry machines without their descriptions. */
export function stripMachineDescriptionsPlugin(): Plugin {
  return {
    name: 'orbit-strip-machine-descriptions',
    apply: 'build',
    // Before TypeScript is compiled away, so the offsets are the source's own.
    enforce: 'pre',
    transform: {
      filter: { id: MACHINE_MODULE },
      handler(code, id) {
        const stripped = stripMachineDescriptions(code, id);
        return stripped === null ? null : { code: stripped, map: null };
      },
    },
  };
}
