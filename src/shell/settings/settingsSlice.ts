import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  COMPONENT_SIZES,
  type ComponentSize,
  DEFAULT_COMPONENT_SIZE,
  DEFAULT_THEME_COLOR,
} from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { type ThemeName, themeByName } from './themes.ts';

/** The display settings saved per user (spec 3): everything but fullscreen. */
export interface SavedSettings {
  theme: ThemeName;
  color: string;
  size: ComponentSize;
  asideCollapse: boolean;
  asideTransition: boolean;
  transition: boolean;
}

export interface SettingsState extends SavedSettings {
  fullscreen: boolean;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const defaultSettings = (): SettingsState => ({
  theme: themeByName(undefined).name,
  color: tenant.branding.themeColor || DEFAULT_THEME_COLOR,
  size: DEFAULT_COMPONENT_SIZE,
  asideCollapse: false,
  asideTransition: true,
  transition: true,
  fullscreen: false,
});

/** A saved copy, with anything unknown (theme, size, colour) replaced by its default. */
export function restoreSettings(saved: Partial<SavedSettings> | null | undefined): SettingsState {
  const base = defaultSettings();
  if (!saved) return base;
  return {
    ...base,
    theme: themeByName(saved.theme).name,
    color: typeof saved.color === 'string' && HEX_COLOR.test(saved.color) ? saved.color : base.color,
    size: COMPONENT_SIZES.includes(saved.size as ComponentSize) ? (saved.size as ComponentSize) : base.size,
    asideCollapse: saved.asideCollapse ?? base.asideCollapse,
    asideTransition: saved.asideTransition ?? base.asideTransition,
    transition: saved.transition ?? base.transition,
  };
}

export const savedPart = ({ fullscreen: _fullscreen, ...saved }: SettingsState): SavedSettings => saved;

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: defaultSettings,
  reducers: {
    settingsRestored: (_state, action: PayloadAction<Partial<SavedSettings> | null>) =>
      restoreSettings(action.payload),
    themeChanged(state, action: PayloadAction<string>) {
      state.theme = themeByName(action.payload).name;
    },
    colorChanged(state, action: PayloadAction<string | null>) {
      state.color =
        action.payload && HEX_COLOR.test(action.payload) ? action.payload : defaultSettings().color;
    },
    sizeChanged(state, action: PayloadAction<ComponentSize>) {
      state.size = action.payload;
    },
    asideCollapseToggled(state) {
      state.asideCollapse = !state.asideCollapse;
    },
    asideTransitionToggled(state) {
      state.asideTransition = !state.asideTransition;
    },
    transitionToggled(state) {
      state.transition = !state.transition;
    },
    fullscreenChanged(state, action: PayloadAction<boolean>) {
      state.fullscreen = action.payload;
    },
  },
});

export const {
  settingsRestored,
  themeChanged,
  colorChanged,
  sizeChanged,
  asideCollapseToggled,
  asideTransitionToggled,
  transitionToggled,
  fullscreenChanged,
} = settingsSlice.actions;

export const selectSettings = (state: { settings: SettingsState }) => state.settings;
