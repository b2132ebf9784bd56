import { validateField } from '../../framework/resource/index.ts';
import { PLATFORM_SETTING_KEYS, STOREFRONT_DICTIONARIES } from './dictionaries.ts';
import { PLATFORM_SETTINGS, platformSetting, platformSettingByKey } from './settings.ts';

const valueFits = (settingKey: string, value: string) =>
  validateField('value', platformSetting.fields.value, { settingKey, value }) === undefined;

describe('the platform settings', () => {
  test('the key dictionary lists every setting, in the screen’s order', () => {
    expect(PLATFORM_SETTINGS.map((setting) => setting.key)).toEqual([...PLATFORM_SETTING_KEYS]);
    expect(STOREFRONT_DICTIONARIES.platformSettingKey?.map((entry) => entry.value)).toEqual([
      ...PLATFORM_SETTING_KEYS,
    ]);
  });

  test('each seed fits its own rule', () => {
    for (const setting of PLATFORM_SETTINGS)
      expect(valueFits(setting.key, setting.seed), setting.key).toBe(true);
  });

  test('a value is checked by the rule of its key; another area’s key is no platform setting', () => {
    expect(valueFits('platformTradingHours', '08:30-17:30')).toBe(true);
    expect(valueFits('platformTradingHours', '17:30-08:30')).toBe(false);
    expect(valueFits('platformCartHoldMinutes', '0')).toBe(true);
    expect(valueFits('platformCartHoldMinutes', '10081')).toBe(false);
    expect(valueFits('platformShowPrices', 'yes')).toBe(false);
    expect(valueFits('packageLinkDays', '0')).toBe(false);
    expect(valueFits('vatLintPercent', '9')).toBe(false);
    expect(platformSettingByKey.get('platformOrderExpiryMinutes')?.seed).toBe('30');
  });
});
