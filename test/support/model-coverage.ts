import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { snapshotView, transitionView } from '../../scripts/statecharts/xstate-views';

/**
 * Which state nodes and transitions of a machine a real actor has been seen
 * to enter and take, measured from the actor's inspection events (so the
 * count is what ran, not what the model planned).
 */
export interface CoverageFigures {
  visited: number;
  total: number;
  /** Ids (states) or readable labels (transitions) not yet exercised. */
  missing: string[];
}
export interface MachineCoverage {
  machineId: string;
  states: CoverageFigures;
  transitions: CoverageFigures;
}

interface CoverageRecord {
  stateIds: string[];
  transitionLabels: Map<string, string>;
  visitedStates: Set<string>;
  visitedTransitions: Set<string>;
}

// One record per machine id for the whole test file: every path of every
// model of that machine adds to it, and the afterAll report reads it.
const records = new Map<string, CoverageRecord>();

function collectGraphTransitions(node: DirectedGraphNode, into: AnyTransitionDefinition[]): void {
  for (const edge of node.edges) if (!into.includes(edge.transition)) into.push(edge.transition);
  // toDirectedGraph leaves out eventless (`always`) transitions, which are real decisions.
  for (const transition of node.stateNode.always ?? []) into.push(transition);
  for (const child of node.children) collectGraphTransitions(child, into);
}

/**
 * A transition's identity that survives `machine.provide()` (which rebuilds
 * the state nodes): its source, its event and its position among that
 * source's transitions for the event.
 */
export function transitionKey(transition: AnyTransitionDefinition): string | null {
  const { source, eventType } = transitionView(transition);
  const siblings = eventType ? source.transitions.get(eventType) : source.always;
  const index = siblings?.indexOf(transition) ?? -1;
  return index < 0 ? null : `${source.id}|${eventType || 'always'}|${index}`;
}

function transitionLabel(transition: AnyTransitionDefinition): string {
  const { source, eventType, target } = transitionView(transition);
  const targets = target?.map((node) => node.id).join(', ') ?? '(stays)';
  return `${source.id} --${eventType || 'always'}--> ${targets}`;
}

function recordFor(machine: AnyStateMachine): CoverageRecord {
  const existing = records.get(machine.id);
  if (existing) return existing;
  const transitions: AnyTransitionDefinition[] = [];
  collectGraphTransitions(toDirectedGraph(machine.root), transitions);
  const transitionLabels = new Map<string, string>();
  for (const transition of transitions) {
    const key = transitionKey(transition);
    if (key) transitionLabels.set(key, transitionLabel(transition));
  }
  const record: CoverageRecord = {
    stateIds: getStateNodes(machine.root)
      .filter((node) => node.type !== 'history')
      .map((node) => node.id),
    transitionLabels,
    visitedStates: new Set(),
    visitedTransitions: new Set(),
  };
  records.set(machine.id, record);
  return record;
}

/** Registers a machine so that it is reported even before any path ran. */
export function trackCoverage(machine: AnyStateMachine): void {
  recordFor(machine);
}

/**
 * An inspection observer to hand to `createActor`/`useActorRef` (`inspect`).
 * Only the root actor's microsteps count: children and spawned actors are
 * other machines.
 */
export function coverageInspector(machine: AnyStateMachine): (event: InspectionEvent) => void {
  const record = recordFor(machine);
  const visitNode = (node: AnyStateNode) => {
    if (node.parent) record.visitedStates.add(node.id);
  };
  return (event) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    for (const node of snapshotView(event.snapshot)._nodes ?? []) visitNode(node);
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) {
      // A transient state (e.g. one that only has `always`) shows up only as a source.
      visitNode(transitionView(transition).source);
      const key = transitionKey(transition);
      if (key && record.transitionLabels.has(key)) record.visitedTransitions.add(key);
    }
  };
}

export function machineCoverage(machineId: string): MachineCoverage {
  const record = records.get(machineId);
  if (!record) throw new Error(`No coverage recorded for machine "${machineId}"`);
  const transitionKeys = [...record.transitionLabels.keys()];
  return {
    machineId,
    states: {
      visited: record.stateIds.filter((id) => record.visitedStates.has(id)).length,
      total: record.stateIds.length,
      missing: record.stateIds.filter((id) => !record.visitedStates.has(id)),
    },
    transitions: {
      visited: transitionKeys.filter((key) => record.visitedTransitions.has(key)).length,
      total: transitionKeys.length,
      missing: transitionKeys
        .filter((key) => !record.visitedTransitions.has(key))
        .map((key) => record.transitionLabels.get(key) ?? key),
    },
  };
}

export function formatCoverage(coverage: MachineCoverage): string {
  const { machineId, states, transitions } = coverage;
  const line = `coverage ${machineId}: states ${states.visited}/${states.total}, transitions ${transitions.visited}/${transitions.total}`;
  const missing = [...states.missing.map((id) => `  state not reached: ${id}`), ...transitions.missing.map((label) => `  transition not taken: ${label}`)];
  return [line, ...missing].join('\n');
}

export function allCoverage(): MachineCoverage[] {
  return [...records.keys()].sort().map(machineCoverage);
}
