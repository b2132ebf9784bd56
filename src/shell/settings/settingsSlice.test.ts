import { COMPONENT_SIZES, DEFAULT_THEME_COLOR } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import {
  colorChanged,
  defaultSettings,
  restoreSettings,
  settingsSlice,
  themeChanged,
} from './settingsSlice.ts';
import { SIZE_TOKENS } from './sizes.ts';
import { THEMES } from './themes.ts';

test('seven themes, d2 classic first and the default', () => {
  expect(THEMES.map((theme) => theme.name)).toEqual([
    'd2',
    'chester',
    'element',
    'violet',
    'line',
    'star',
    'tomorrowNightBlue',
  ]);
  expect(defaultSettings().theme).toBe('d2');
});

test('the default colour is the tenant colour, itself the spec default here', () => {
  expect(defaultSettings().color).toBe(tenant.branding.themeColor);
  expect(tenant.branding.themeColor).toBe(DEFAULT_THEME_COLOR);
});

test('a fresh user starts small, with the side menu open and both transitions on', () => {
  expect(defaultSettings()).toMatchObject({
    size: 'small',
    asideCollapse: false,
    asideTransition: true,
    transition: true,
    fullscreen: false,
  });
});

test('restoring keeps known values and replaces unknown ones by their default', () => {
  expect(
    restoreSettings({ theme: 'violet', color: '#112233', size: 'mini', asideCollapse: true }),
  ).toMatchObject({
    theme: 'violet',
    color: '#112233',
    size: 'mini',
    asideCollapse: true,
  });
  expect(restoreSettings({ theme: 'neon' as never, color: 'red', size: 'huge' as never })).toMatchObject({
    theme: 'd2',
    color: tenant.branding.themeColor,
    size: 'small',
  });
});

test('an unknown theme name falls back to the first; a cleared colour goes back to the default', () => {
  let state = settingsSlice.reducer(undefined, themeChanged('element'));
  expect(state.theme).toBe('element');
  state = settingsSlice.reducer(state, themeChanged('neon'));
  expect(state.theme).toBe('d2');
  state = settingsSlice.reducer(state, colorChanged('#ABCDEF'));
  expect(state.color).toBe('#ABCDEF');
  expect(settingsSlice.reducer(state, colorChanged(null)).color).toBe(tenant.branding.themeColor);
});

test('each component size is really smaller than the one before, mini the smallest', () => {
  const heights = COMPONENT_SIZES.map((size) => SIZE_TOKENS[size].controlHeight);
  expect(heights).toEqual([...heights].sort((a, b) => b - a));
  expect(new Set(heights).size).toBe(4);
  expect(SIZE_TOKENS.mini.fontSize).toBeLessThan(SIZE_TOKENS.default.fontSize);
});
