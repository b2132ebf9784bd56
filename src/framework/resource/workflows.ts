// State machines and permission codes shared by many resources (domain.md §7: every change recorded, who and when).

/** The states of a document approved by someone other than its author (domain.md §7). */
export const APPROVAL_STATES = {
  draft: 'state.draft',
  submitted: 'state.submitted',
  approved: 'state.approved',
  rejected: 'state.rejected',
} as const;

/** Another person's decision on a submitted document: approved, or rejected with a reason. */
const DECISIONS = [
  { from: ['submitted'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
  { from: ['submitted'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
] as const;

/** Drafted, submitted, approved or rejected with a reason, a rejected one taken back to draft. */
export const APPROVAL_TRANSITIONS = [
  { from: ['draft'], to: 'submitted', action: 'submit', permission: 'submit' },
  ...DECISIONS,
  { from: ['rejected'], to: 'draft', action: 'redraft', permission: 'edit' },
] as const;

/** A request made submitted (an application, a transfer, a cancellation) and decided once. */
export const decisionWorkflow = {
  field: 'status',
  initial: 'submitted',
  states: { submitted: 'state.submitted', approved: 'state.approved', rejected: 'state.rejected' },
  transitions: DECISIONS,
  approval: { approve: 'approve', reject: 'reject' },
} as const;

/** A document that is only drafted and approved (a booking, an application). */
export const approvalWorkflow = {
  field: 'status',
  initial: 'draft',
  states: APPROVAL_STATES,
  transitions: APPROVAL_TRANSITIONS,
  approval: { approve: 'approve', reject: 'reject' },
} as const;

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
