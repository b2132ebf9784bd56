// Document states: which transitions a user may take, and why a requested one is refused.

import type { CommandDecl, Label, PermissionAction, ResourceDecl, TransitionDecl } from './types.ts';

/** The transitions leaving `state` that the holder of `permissions` may take, in declaration order. */
export function allowedTransitions(
  decl: ResourceDecl,
  state: string,
  permissions: readonly string[],
): TransitionDecl<string>[] {
  return (decl.workflow?.transitions ?? []).filter(
    (transition) => transition.from.includes(state) && permissions.includes(transition.permission),
  );
}

/** The commands a user may run on a record in `state` (or on the resource, for target 'resource'). */
export function allowedCommands(
  decl: ResourceDecl,
  permissions: readonly string[],
  target: 'record' | 'resource',
  state?: string,
): [string, CommandDecl][] {
  return Object.entries(decl.commands ?? {}).filter(
    ([, command]) =>
      (command.target ?? 'record') === target &&
      permissions.includes(command.permission) &&
      (!command.states || (state !== undefined && command.states.includes(state))),
  );
}

/** A command's title: as declared, else `<area>:<resource>.commands.<name>`. */
export const commandLabel = (
  decl: Pick<ResourceDecl, 'key' | 'namespace' | 'commands'>,
  name: string,
): Label =>
  decl.commands?.[name]?.label ?? `${decl.namespace ? `${decl.namespace}:` : ''}${decl.key}.commands.${name}`;

export type TransitionCheck =
  | { ok: true; transition: TransitionDecl<string> }
  | { ok: false; reason: 'noWorkflow' | 'unknownAction' | 'illegalState' | 'forbidden' | 'commentRequired' };

/** Why the server must refuse a transition (400 illegal, 403 forbidden), or the transition to apply. */
export function checkTransition(
  decl: ResourceDecl,
  state: string,
  request: { action: string; comment?: string },
  permissions: readonly string[],
): TransitionCheck {
  if (!decl.workflow) return { ok: false, reason: 'noWorkflow' };
  const named = decl.workflow.transitions.filter((t) => t.action === request.action);
  if (named.length === 0) return { ok: false, reason: 'unknownAction' };
  const transition = named.find((t) => t.from.includes(state));
  if (!transition) return { ok: false, reason: 'illegalState' };
  if (!permissions.includes(transition.permission)) return { ok: false, reason: 'forbidden' };
  if (transition.comment === 'required' && !request.comment?.trim())
    return { ok: false, reason: 'commentRequired' };
  return { ok: true, transition };
}

/** States whose documents wait for an approver: those the approval action leaves from. */
export function awaitingApprovalStates(decl: ResourceDecl): string[] {
  const approve = decl.workflow?.approval?.approve;
  const transitions = decl.workflow?.transitions ?? [];
  return [...new Set(transitions.filter((t) => t.action === approve).flatMap((t) => t.from))];
}

/** Whether the permission codes allow a plain action (view, create, edit, delete, export). */
export function can(decl: ResourceDecl, action: PermissionAction, permissions: readonly string[]): boolean {
  const code = decl.permissions[action];
  return code !== undefined && permissions.includes(code);
}

/** The record's current state, or the initial one for a record not saved yet. */
export function stateOf(decl: ResourceDecl, record: Readonly<Record<string, unknown>>): string | undefined {
  if (!decl.workflow) return undefined;
  const value = record[decl.workflow.field];
  return typeof value === 'string' && value !== '' ? value : decl.workflow.initial;
}

/** Whether the record's state still lets it be edited or deleted (the server refuses it otherwise). */
export function isChangeable(decl: ResourceDecl, record: Readonly<Record<string, unknown>>): boolean {
  const workflow = decl.workflow;
  const state = stateOf(decl, record);
  if (!workflow || state === undefined) return true;
  const editable = workflow.editableIn ?? (workflow.approval ? [workflow.initial] : undefined);
  return editable === undefined || editable.includes(state);
}
