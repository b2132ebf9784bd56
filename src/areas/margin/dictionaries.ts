// The dictionaries of the client margin declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';
import { decisionWorkflow } from '../../framework/resource/workflows.ts';

export const MARGIN_DICTIONARIES = {
  // The margin accounts' ledger, applications and calls (resources.ts).
  marginMovementKind: entries([
    ['deposit', { i18n: 'margin:movementKind.deposit' }],
    ['allot', { i18n: 'margin:movementKind.allot' }],
    ['release', { i18n: 'margin:movementKind.release' }],
    ['withdraw', { i18n: 'margin:movementKind.withdraw' }],
    ['interest', { i18n: 'margin:movementKind.interest' }],
    ['call', { i18n: 'margin:movementKind.call' }],
  ]),
  marginApplicationKind: entries([
    ['withdraw', { i18n: 'margin:applicationKind.withdraw' }],
    ['release', { i18n: 'margin:applicationKind.release' }],
    ['move', { i18n: 'margin:applicationKind.move' }],
  ]),
  marginApplicationState: stateEntries(decisionWorkflow.states),
  marginCallState: entries([
    ['none', { i18n: 'margin:callState.none' }],
    ['open', { i18n: 'margin:callState.open' }],
    ['met', { i18n: 'margin:callState.met' }],
    ['forcedPriced', { i18n: 'margin:callState.forcedPriced' }],
  ]),
  marginCallClose: entries([
    ['margin', { i18n: 'margin:callClose.margin' }],
    ['deadline', { i18n: 'margin:callClose.deadline' }],
    ['forcedLine', { i18n: 'margin:callClose.forcedLine' }],
  ]),
  marginCallMetRule: entries([
    ['requirement', { i18n: 'margin:metRule.requirement' }],
    ['callLine', { i18n: 'margin:metRule.callLine' }],
  ]),

  // The risk reports (riskReports.ts).
  riskRecordEvent: entries([
    ['open', { i18n: 'margin:recordEvent.open' }],
    ['updateCall', { i18n: 'margin:recordEvent.updateCall' }],
    ['meet', { i18n: 'margin:recordEvent.meet' }],
    ['force', { i18n: 'margin:recordEvent.force' }],
    ['forceFix', { i18n: 'margin:recordEvent.forceFix' }],
  ]),
} satisfies Dictionaries;
