// State machines and permission codes shared by many resources (domain.md §7: every change recorded, who and when).

/** Master data that can be switched off without being deleted (users, partners, warehouses, roles). */
export const enabledWorkflow = {
  field: 'status',
  initial: 'enabled',
  states: { enabled: 'state.enabled', disabled: 'state.disabled' },
  transitions: [
    {
      from: ['enabled'],
      to: 'disabled',
      action: 'disable',
      permission: 'disable',
      comment: 'optional',
      danger: true,
    },
    { from: ['disabled'], to: 'enabled', action: 'enable', permission: 'enable' },
  ],
} as const;

/** A print template: edited as a draft, published for use, retired when replaced. */
export const templateWorkflow = {
  field: 'status',
  initial: 'draft',
  states: { draft: 'state.draft', active: 'state.active', retired: 'state.retired' },
  transitions: [
    { from: ['draft'], to: 'active', action: 'publish', permission: 'publish' },
    { from: ['active'], to: 'retired', action: 'retire', permission: 'publish', comment: 'optional' },
  ],
} as const;

/** The usual permission codes of a maintained list. */
export const crudPermissions = {
  view: 'view',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  export: 'export',
} as const;
