// State machines shared by several system resources (domain.md §7: every change recorded, who and when).

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

/** A contract (domain.md §7): draft → submitted → approved | rejected (→ draft) → executing → completed. */
export const contractWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    draft: 'state.draft',
    submitted: 'state.submitted',
    approved: 'state.approved',
    rejected: 'state.rejected',
    executing: 'state.executing',
    completed: 'state.completed',
    voided: 'state.voided',
  },
  transitions: [
    { from: ['draft'], to: 'submitted', action: 'submit', permission: 'submit' },
    { from: ['submitted'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
    { from: ['submitted'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
    { from: ['rejected'], to: 'draft', action: 'redraft', permission: 'edit' },
    { from: ['approved'], to: 'executing', action: 'execute', permission: 'execute' },
    { from: ['executing'], to: 'completed', action: 'complete', permission: 'complete' },
    // Only before any delivery or fixing: the server refuses a void once either exists.
    {
      from: ['draft', 'approved', 'executing'],
      to: 'voided',
      action: 'void',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  approval: { approve: 'approve', reject: 'reject' },
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

/** A warehouse receipt (domain.md §7): pre-declared → registered → transferred → cancelled. */
export const receiptWorkflow = {
  field: 'status',
  initial: 'preDeclared',
  states: {
    preDeclared: 'state.preDeclared',
    registered: 'state.registered',
    transferred: 'state.transferred',
    cancelled: 'state.cancelled',
  },
  transitions: [
    { from: ['preDeclared'], to: 'registered', action: 'register', permission: 'register' },
    { from: ['registered'], to: 'transferred', action: 'transfer', permission: 'transfer' },
    {
      from: ['registered', 'transferred'],
      to: 'cancelled',
      action: 'cancel',
      permission: 'cancel',
      comment: 'required',
      danger: true,
    },
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
