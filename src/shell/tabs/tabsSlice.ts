import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { homeTab, moveTab, type OpenedTab, openTab } from './tabRules.ts';

export interface TabsState {
  opened: OpenedTab[];
}

export const tabsSlice = createSlice({
  name: 'tabs',
  initialState: (): TabsState => ({ opened: [homeTab()] }),
  reducers: {
    tabOpened(state, action: PayloadAction<Omit<OpenedTab, 'generation'>>) {
      state.opened = openTab(state.opened, action.payload);
    },
    tabsChanged(state, action: PayloadAction<OpenedTab[]>) {
      state.opened = action.payload;
    },
    tabMoved(state, action: PayloadAction<{ from: string; to: string }>) {
      state.opened = moveTab(state.opened, action.payload.from, action.payload.to);
    },
    /** Every kept-alive page starts over (spec 4.1: component size change). */
    cacheCleared(state) {
      for (const tab of state.opened) tab.generation += 1;
    },
  },
});

export const { tabOpened, tabsChanged, tabMoved, cacheCleared } = tabsSlice.actions;

export const selectOpenedTabs = (state: { tabs: TabsState }) => state.tabs.opened;

/** What is saved per user: the tabs without their in-memory generation. */
export const savedTabs = (opened: OpenedTab[]) => opened.map(({ generation: _generation, ...tab }) => tab);
