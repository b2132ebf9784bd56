/** The seven themes of spec 9; the first is the default. Titles are i18n keys `theme.<name>`. */
export interface Theme {
  name: ThemeName;
  /** A dark base (antd dark algorithm) or a light one. */
  dark: boolean;
  /** Colours of the header, the side menu and the page background; preview shows them side by side. */
  header: string;
  headerText: string;
  sider: string;
  layout: string;
  /** Optional decorative background (CSS background-image value). */
  backgroundImage?: string;
}

export const THEME_NAMES = [
  'd2',
  'chester',
  'element',
  'violet',
  'line',
  'star',
  'tomorrowNightBlue',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const THEMES: readonly Theme[] = [
  { name: 'd2', dark: false, header: '#ffffff', headerText: '#303133', sider: '#ffffff', layout: '#f0f2f5' },
  {
    name: 'chester',
    dark: false,
    header: '#2b2f3a',
    headerText: '#f5f5f5',
    sider: '#f7f4ef',
    layout: '#efe9df',
    backgroundImage: 'linear-gradient(135deg, #efe9df 0%, #f7f4ef 100%)',
  },
  {
    name: 'element',
    dark: false,
    header: '#409eff',
    headerText: '#ffffff',
    sider: '#ffffff',
    layout: '#f2f6fc',
  },
  {
    name: 'violet',
    dark: false,
    header: '#4a2b7a',
    headerText: '#ffffff',
    sider: '#f6f1fc',
    layout: '#efe7f8',
  },
  {
    name: 'line',
    dark: false,
    header: '#fafafa',
    headerText: '#303133',
    sider: '#fafafa',
    layout: '#ffffff',
  },
  {
    name: 'star',
    dark: true,
    header: '#141726',
    headerText: '#e8eaf6',
    sider: '#1b1f33',
    layout: '#0f1220',
    backgroundImage: 'radial-gradient(ellipse at top, #262b4a 0%, #0f1220 70%)',
  },
  {
    name: 'tomorrowNightBlue',
    dark: true,
    header: '#001733',
    headerText: '#ffffff',
    sider: '#002451',
    layout: '#00204a',
  },
];

export const DEFAULT_THEME = THEMES[0]!;

/** The saved theme, or the first one when the saved name is unknown (spec 4.2). */
export const themeByName = (name: string | undefined): Theme =>
  THEMES.find((theme) => theme.name === name) ?? DEFAULT_THEME;
