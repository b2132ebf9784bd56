// What an area adds to the shared screens of one of its resources, until the declaration format's commands
// and parts cover it: buttons on the list's toolbar, parts under a record's detail and under a form's fields
// (shown with the values being entered), and an editor and a view of its line items in place of the generic
// line table (a role's rights as the menu tree).
import type { ComponentType } from 'react';
import type { ResourceDecl } from '../resource/index.ts';
import type { ResourceRecord } from './resourceApi.ts';

export interface ResourceExtensions {
  listToolbar?: ComponentType<{ decl: ResourceDecl }>;
  detailParts?: ComponentType<{ decl: ResourceDecl; record: ResourceRecord }>;
  formParts?: ComponentType<{ decl: ResourceDecl; values: Readonly<Record<string, unknown>> }>;
  /** The form's input of the line items (an antd form control: `value` and `onChange` of the lines). */
  linesInput?: ComponentType<LinesInputProps>;
  /** The detail's view of the line items. */
  linesView?: ComponentType<{ decl: ResourceDecl; record: ResourceRecord }>;
}

export interface LinesInputProps {
  decl: ResourceDecl;
  value?: readonly Readonly<Record<string, unknown>>[];
  onChange?: (lines: Record<string, unknown>[]) => void;
}

const extensions = new Map<string, ResourceExtensions>();

/** Registers an area's additions to a resource's screens (by resource key). */
export const extendResourceScreens = (key: string, added: ResourceExtensions) => extensions.set(key, added);

export const extensionsOf = (decl: Pick<ResourceDecl, 'key'>): ResourceExtensions =>
  extensions.get(decl.key) ?? {};
