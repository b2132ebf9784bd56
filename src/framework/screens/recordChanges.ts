// Records changed by a save, delete or transition are fresh on every screen that shows them: a change can
// touch other resources (registering a receipt changes its batches), so every resource list, detail and
// lookup is refetched, in this window and, through a BroadcastChannel, in the user's other windows.

import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../api/api.ts';
import { tenant } from '../../shared/tenant/index.ts';

/** What a record change may make stale (a role or menu-tree save changes rights and menus too). */
export const RECORD_TAGS = ['Resource', 'Partners', 'Dictionary', 'Privileges', 'Menu'] as const;

const CHANNEL = `${tenant.code}-records-changed`;

const openChannel = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/** Tells the user's other windows of this tenant that records changed. */
export function announceRecordChange() {
  const channel = openChannel();
  channel?.postMessage('changed');
  channel?.close();
}

/** While mounted, a change announced by another window refetches this window's records. */
export function useRecordChangesOfOtherWindows() {
  const dispatch = useDispatch();
  useEffect(() => {
    const channel = openChannel();
    if (!channel) return;
    channel.onmessage = () => dispatch(api.util.invalidateTags([...RECORD_TAGS]));
    return () => channel.close();
  }, [dispatch]);
}
