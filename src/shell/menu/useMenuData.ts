import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { MenuGroup, MenuItem } from '../../shared/api/contract.ts';
import { useMenuQuery } from '../session/sessionApi.ts';
import { userRefreshed } from '../session/sessionSlice.ts';

const NO_GROUPS: MenuGroup[] = [];
const NO_ITEMS: MenuItem[] = [];

/** The login-time menu call: header items, side groups; the user it answers refreshes the stored one. */
export function useMenuData() {
  const dispatch = useDispatch();
  const { data } = useMenuQuery();
  useEffect(() => {
    if (data?.data) dispatch(userRefreshed(data.data));
  }, [data, dispatch]);
  return { menu: data?.menu ?? NO_GROUPS, menuTop: data?.menuTop ?? NO_ITEMS };
}
