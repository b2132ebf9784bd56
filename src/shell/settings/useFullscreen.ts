import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { fullscreenChanged, selectSettings } from './settingsSlice.ts';

/** Fullscreen state follows the browser: leaving fullscreen (Esc, F11) sets it false again (spec 4.2). */
export function useFullscreen() {
  const dispatch = useDispatch();
  const { fullscreen } = useSelector(selectSettings);
  useEffect(() => {
    const sync = () => dispatch(fullscreenChanged(Boolean(document.fullscreenElement)));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [dispatch]);
  const toggle = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      dispatch(fullscreenChanged(false));
    }
  };
  return { fullscreen, toggle };
}
