// Document states: which transitions a user may take, and why a requested one is refused.

import type { CommandDecl, Label, PermissionAction, ResourceDecl, TransitionDecl } from './types.ts';
import { type AllowedActions, allowedOn } from './wire.ts';

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

/**
 * How a document's history names a step: a command by its button's words, anything else (a transition, a
 * step a service writes: open, meet, retire…) by `action.<action>`.
 */
export const historyActionLabel = (
  decl: Pick<ResourceDecl, 'key' | 'namespace' | 'commands'>,
  action: string,
): Label => (decl.commands?.[action] ? commandLabel(decl, action) : `action.${action}`);

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

/** Whether an action decides on a submitted document (its approval's approve or reject): never its submitter's. */
export function decides(decl: ResourceDecl, action: string): boolean {
  const approval = decl.workflow?.approval;
  return approval !== undefined && (action === approval.approve || action === approval.reject);
}

/**
 * What a user may do to a record: every transition leaving its state, command on it, edit and deletion whose
 * permission code they hold with a reach covering the record (`may`), no decision on a document they
 * submitted themselves (four eyes). The server answers it with each record; the screens offer exactly it.
 */
export function recordActions(
  decl: ResourceDecl,
  record: Readonly<Record<string, unknown>>,
  may: (code: string) => boolean,
  submittedByUser: boolean,
): AllowedActions {
  const state = stateOf(decl, record);
  const transitions = (decl.workflow?.transitions ?? [])
    .filter((t) => state !== undefined && t.from.includes(state) && may(t.permission))
    .filter((t) => !(submittedByUser && decides(decl, t.action)))
    .map((t) => t.action);
  const commands = Object.entries(decl.commands ?? {})
    .filter(
      ([, command]) =>
        (command.target ?? 'record') === 'record' &&
        may(command.permission) &&
        (!command.states || (state !== undefined && command.states.includes(state))),
    )
    .map(([name]) => name);
  const changeable = Boolean(decl.form) && isChangeable(decl, record);
  const holds = (code: string | undefined) => code !== undefined && may(code);
  return {
    transitions: [...new Set(transitions)],
    commands,
    edit: changeable && holds(decl.permissions.edit),
    delete: changeable && holds(decl.permissions.delete),
  };
}

/**
 * The actions a screen offers on a record: those the server answered with it (`allowed`), else — a record
 * the server did not answer, a new one — those the permission codes held give.
 */
export const offeredActions = (
  decl: ResourceDecl,
  record: Readonly<Record<string, unknown>>,
  permissions: readonly string[],
): AllowedActions =>
  allowedOn(record) ?? recordActions(decl, record, (code) => permissions.includes(code), false);
