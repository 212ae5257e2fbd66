import { useEffect } from 'react';
import { useUsersStore } from '../users/usersStore';
import { announce } from '../../ui/liveAnnouncer';
import { SENTENCES } from '../../ui/announcementSentences';

/** A registration waiting for approval is announced to the school's admin, wherever they are. */
export function usePendingUserAnnouncements(): void {
  useEffect(
    () =>
      useUsersStore.subscribe((state, previous) => {
        if (!previous.loaded || state.scope !== previous.scope) return;
        for (const user of Object.values(state.byId)) {
          if (user.status === 'pending' && previous.byId[user.id]?.status !== 'pending') announce(SENTENCES.userWaiting(user.name));
        }
      }),
    [],
  );
}
