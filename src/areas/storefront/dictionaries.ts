// The dictionaries of the storefront's declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

/** The platform's setting keys (settings.ts), listed here so the dictionary loads without the declarations. */
export const PLATFORM_SETTING_KEYS = [
  'platformTradingHours',
  'platformOrderExpiryMinutes',
  'platformCartHoldMinutes',
  'platformShowPrices',
  'platformRequireCredit',
  'packageLinkDays',
] as const;

export const STOREFRONT_DICTIONARIES: Dictionaries = {
  resourcePackageState: entries([
    ['draft', { i18n: 'state.draft' }],
    ['published', { i18n: 'storefront:state.published' }],
    ['reserved', { i18n: 'state.reserved' }],
    ['sold', { i18n: 'state.sold' }],
    ['withdrawn', { i18n: 'storefront:state.withdrawn' }],
    ['expired', { i18n: 'state.expired' }],
  ]),
  platformUserState: entries([
    ['registered', { i18n: 'storefront:state.registered' }],
    ['active', { i18n: 'state.active' }],
    ['disabled', { i18n: 'state.disabled' }],
  ]),
  purchaseRequestState: entries([
    ['submitted', { i18n: 'storefront:state.submitted' }],
    ['accepted', { i18n: 'storefront:state.accepted' }],
    ['contracted', { i18n: 'storefront:state.contracted' }],
    ['completed', { i18n: 'state.completed' }],
    ['rejected', { i18n: 'state.rejected' }],
    ['cancelled', { i18n: 'state.cancelled' }],
    ['expired', { i18n: 'state.expired' }],
  ]),
  platformSettingKey: PLATFORM_SETTING_KEYS.map((key) => ({
    value: key,
    label: { i18n: `storefront:setting.${key}` },
  })),
  platformYesNo: entries([
    ['true', { i18n: 'storefront:yesNo.true' }],
    ['false', { i18n: 'storefront:yesNo.false' }],
  ]),
  helpArticleState: entries([
    ['draft', { i18n: 'state.draft' }],
    ['published', { i18n: 'storefront:state.published' }],
  ]),
  packagePriceKind: entries([
    ['fixed', { i18n: 'storefront:priceKind.fixed' }],
    ['basis', { i18n: 'storefront:priceKind.basis' }],
  ]),
};
