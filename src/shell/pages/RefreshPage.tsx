import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Helper route: goes straight back to the page it came from (state.from), which is drawn anew. */
export default function RefreshPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const from = (state as { from?: string } | null)?.from ?? '/index';
  useEffect(() => {
    navigate(from, { replace: true });
  }, [from, navigate]);
  return null;
}
