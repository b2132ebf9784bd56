// A role's rights as the role editor shows them: the stored menu tree, each screen with the actions its
// module offers. The role's `permissions` lines stay the wire format (one line per module, its codes); a
// line on a group grants its codes on every screen of the group, the hidden detail pages included, so the
// editor keeps a group's line and only breaks a code of it into screen lines when one screen loses it.

export const GRANT_TREE_PATH = '/api/pri/role/grantTree';

export interface OfferedCode {
  code: string;
  /** The name stored with the module (zh-chs); the screen shows the dictionary's word in the user's language. */
  name: string;
}

export interface GrantTreeNode {
  id: string;
  parentId: string | null;
  kind: string;
  code: string;
  /** As stored; `titleKey` while it is the title the system seeded (the menu translates it the same way). */
  title: string;
  titleKey?: string;
  /** The actions a screen offers; a group offers those of its screens. */
  codes: OfferedCode[];
}

export interface GrantTreeAnswer {
  nodes: GrantTreeNode[];
  /** Codes held on any screen that act on the whole role (bound to its own clients), ticked once. */
  roleWide: OfferedCode[];
}

export interface GrantLine {
  moduleId: string;
  codes: string[];
  moduleIdName?: string;
}

/** Module id → its codes, merged where a module has several lines. */
export function linesByModule(lines: readonly GrantLine[] | undefined): Map<string, Set<string>> {
  const byModule = new Map<string, Set<string>>();
  for (const line of lines ?? []) {
    const codes = byModule.get(String(line.moduleId)) ?? new Set<string>();
    for (const code of line.codes ?? []) codes.add(code);
    byModule.set(String(line.moduleId), codes);
  }
  return byModule;
}

export interface GrantTree {
  nodes: readonly GrantTreeNode[];
  byId: ReadonlyMap<string, GrantTreeNode>;
  childrenOf: ReadonlyMap<string | null, readonly GrantTreeNode[]>;
}

export function grantTree(nodes: readonly GrantTreeNode[]): GrantTree {
  const childrenOf = new Map<string | null, GrantTreeNode[]>();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  for (const node of nodes) {
    const parent = node.parentId !== null && byId.has(node.parentId) ? node.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), node]);
  }
  return { nodes, byId, childrenOf };
}

/** The screens (leaves) under a node, the node itself when it is one. */
export function screensUnder(tree: GrantTree, id: string): GrantTreeNode[] {
  const node = tree.byId.get(id);
  if (!node) return [];
  const children = tree.childrenOf.get(id) ?? [];
  if (node.kind !== 'group' && children.length === 0) return [node];
  return children.flatMap((child) => screensUnder(tree, child.id));
}

/** A group and the groups under it; nothing for a screen. */
function groupsUnder(tree: GrantTree, id: string): GrantTreeNode[] {
  const node = tree.byId.get(id);
  if (node?.kind !== 'group') return [];
  return [node, ...(tree.childrenOf.get(id) ?? []).flatMap((child) => groupsUnder(tree, child.id))];
}

/** The groups a node sits in, nearest first. */
function groupsAbove(tree: GrantTree, node: GrantTreeNode): GrantTreeNode[] {
  const parent = node.parentId === null ? undefined : tree.byId.get(node.parentId);
  return parent ? [parent, ...groupsAbove(tree, parent)] : [];
}

/** The codes a screen holds: its own line's and its groups' lines', among those it offers. */
export function heldOnScreen(tree: GrantTree, held: ReadonlyMap<string, ReadonlySet<string>>, id: string) {
  const node = tree.byId.get(id);
  if (!node) return new Set<string>();
  const offered = new Set(node.codes.map((c) => c.code));
  const sources = [node, ...groupsAbove(tree, node)].map((n) => held.get(n.id) ?? new Set<string>());
  return new Set([...offered].filter((code) => sources.some((codes) => codes.has(code))));
}

const copy = (held: ReadonlyMap<string, ReadonlySet<string>>) =>
  new Map([...held].map(([id, codes]) => [id, new Set(codes)]));

/**
 * Ticks or unticks one code on one screen. Unticking a code a group grants takes it off the group and
 * gives it, screen by screen, to the group's other screens that offer it: they keep it.
 */
export function setScreenCode(
  tree: GrantTree,
  held: ReadonlyMap<string, ReadonlySet<string>>,
  id: string,
  code: string,
  on: boolean,
): Map<string, Set<string>> {
  const next = copy(held);
  const own = next.get(id) ?? new Set<string>();
  next.set(id, own);
  if (on) {
    own.add(code);
    return next;
  }
  own.delete(code);
  const node = tree.byId.get(id);
  for (const group of node ? groupsAbove(tree, node) : []) {
    const groupCodes = next.get(group.id);
    if (!groupCodes?.has(code)) continue;
    groupCodes.delete(code);
    for (const screen of screensUnder(tree, group.id))
      if (screen.id !== id && screen.codes.some((c) => c.code === code))
        next.set(screen.id, new Set([...(next.get(screen.id) ?? []), code]));
  }
  return next;
}

/** Ticks every action of every screen under a node, or unticks them all (its groups' codes included). */
export function setAllUnder(
  tree: GrantTree,
  held: ReadonlyMap<string, ReadonlySet<string>>,
  id: string,
  on: boolean,
): Map<string, Set<string>> {
  let next = copy(held);
  for (const screen of screensUnder(tree, id))
    for (const { code } of screen.codes) next = setScreenCode(tree, next, screen.id, code, on);
  // Unticking a group clears its own line too, codes none of its screens offers included.
  if (!on) for (const group of groupsUnder(tree, id)) next.delete(group.id);
  return next;
}

/** Granted and offered counts of the screens under a node. */
export function countUnder(tree: GrantTree, held: ReadonlyMap<string, ReadonlySet<string>>, id: string) {
  let granted = 0;
  let offered = 0;
  for (const screen of screensUnder(tree, id)) {
    granted += heldOnScreen(tree, held, screen.id).size;
    offered += screen.codes.length;
  }
  return { granted, offered };
}

/**
 * The role-wide codes the lines hold (on whichever screen); ticking one puts it on the first screen the
 * role holds anything on, else on the first screen of the tree.
 */
export function roleWideHeld(held: ReadonlyMap<string, ReadonlySet<string>>, code: string): boolean {
  return [...held.values()].some((codes) => codes.has(code));
}

export function setRoleWide(
  tree: GrantTree,
  held: ReadonlyMap<string, ReadonlySet<string>>,
  code: string,
  on: boolean,
): Map<string, Set<string>> {
  const next = copy(held);
  if (!on) {
    for (const codes of next.values()) codes.delete(code);
    return next;
  }
  if (roleWideHeld(next, code)) return next;
  const screens = tree.nodes.filter((node) => node.kind !== 'group');
  const target =
    screens.find((screen) => heldOnScreen(tree, next, screen.id).size > 0)?.id ??
    [...next].find(([, codes]) => codes.size > 0)?.[0] ??
    screens[0]?.id;
  if (target) next.set(target, new Set([...(next.get(target) ?? []), code]));
  return next;
}

/** Back to lines: one per module that holds a code, in the order of the tree (others, unknown to it, last). */
export function linesOf(tree: GrantTree, held: ReadonlyMap<string, ReadonlySet<string>>): GrantLine[] {
  const order = new Map(tree.nodes.map((node, index) => [node.id, index]));
  return [...held]
    .filter(([, codes]) => codes.size > 0)
    .sort(([a], [b]) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER))
    .map(([moduleId, codes]) => {
      const offered = tree.byId.get(moduleId)?.codes.map((c) => c.code) ?? [];
      const rank = (code: string) => (offered.includes(code) ? offered.indexOf(code) : offered.length);
      return { moduleId, codes: [...codes].sort((a, b) => rank(a) - rank(b)) };
    });
}
